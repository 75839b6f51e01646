import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findWorkspaceRoot } from '@docs/platform';

/** What every benchmark shares: the bootstrap token, free ports, child processes, API calls. */
export const TOKEN = 'bench-token-0123456789abcdef';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A TypeScript entry point of the workspace (or of `root`, another checkout) as a child process. */
export function start(entry: string, env: Record<string, string>, nodeArgs: string[] = [], root = findWorkspaceRoot()): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '-r', join(root, 'tools/register.js'), join(root, entry)], {
    cwd: root,
    // Its own path aliases: the bench's SWC_NODE_PROJECT would otherwise point another checkout's
    // `@docs/*` imports at this one's sources.
    env: { ...process.env, SWC_NODE_PROJECT: join(root, 'tsconfig.base.json'), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Waits until `url` answers `expect` (with the bench token), for up to a minute. */
export async function untilUp(url: string, expect = 200): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } })).status === expect) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

/** One JSON call with the bench token; a non-2xx answer throws with its body. */
export async function api<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
