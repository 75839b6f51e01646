import { CollaborationModule } from '@docs/collaboration';
import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { AppLogger, JobWorker, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, TestApp, TestCaller, TestDatabase } from '@docs/platform/testing';
import type { DestinationStream } from 'pino';
import { GitSyncJobsModule } from '../lib/git-sync-jobs.module';
import { GitSyncModule } from '../lib/git-sync.module';
import { startGitHttpServer, type GitHttpServer } from './git-http-server';

export const GIT_USER = { username: 'docs-bot', password: 'tok-3xq9-secret' };

/** The api and the worker on one database, and a Git smart-HTTP server on 127.0.0.1 that wants `GIT_USER`. */
export interface GitSyncWorld {
  api: TestApp;
  worker: TestApp;
  git: GitHttpServer;
  database: TestDatabase;
  /** Starts the worker's job polling (tests that queue several operations first start it later). */
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

export async function createGitSyncWorld(options: { startWorker?: boolean; env?: Record<string, string>; log?: DestinationStream } = {}): Promise<GitSyncWorld> {
  const database = await createTestDatabase();
  const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '20000', ...options.env };
  const logs = options.log ? { env: { ...env, LOG_LEVEL: 'info' }, logDestination: options.log } : { env };
  const api = await createTestApp({ imports: [IdentityModule, ContentModule, CollaborationModule, GitSyncModule], database, ...logs });
  const worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, GitSyncJobsModule], database, ...logs });
  if (options.log) {
    // Nest's loggers (the worker's, Git Sync's) write through the same pino logger as production.
    api.app.useLogger(api.get(AppLogger));
    worker.app.useLogger(worker.get(AppLogger));
  }
  const git = await startGitHttpServer({ credentials: GIT_USER });
  let started = false;
  const startWorker = async () => {
    if (started) return;
    started = true;
    await worker.get(JobWorker).start();
  };
  if (options.startWorker ?? true) await startWorker();
  return {
    api,
    worker,
    git,
    database,
    startWorker,
    close: async () => {
      await worker.close();
      await api.close();
      await git.close();
      await database.drop();
    },
  };
}

/** Waits for a Git Sync operation (by its `Location`, or its path) to end; answers it. */
export async function operationOutcome(as: TestCaller, location: string, timeoutMs = 60_000): Promise<any> {
  const path = location.startsWith('/') ? location : new URL(location).pathname;
  const started = Date.now();
  for (;;) {
    const res = await as.get(path);
    if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status}: ${res.text}`);
    if (res.body.state !== 'running') return res.body;
    if (Date.now() - started > timeoutMs) throw new Error(`operation ${path} still running after ${timeoutMs} ms: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
