import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Git commands run as a user would, but hermetic: no global or system configuration is read (and
 * none is written: identities come from the environment), so a developer's settings change nothing.
 */
export function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: tmpdir(),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Repo Owner',
    GIT_AUTHOR_EMAIL: 'owner@example.com',
    GIT_COMMITTER_NAME: 'Repo Owner',
    GIT_COMMITTER_EMAIL: 'owner@example.com',
    GIT_TERMINAL_PROMPT: '0',
    ...extra,
  };
}

/**
 * Runs `git` with `args` in `cwd`; answers its standard output, trimmed. Asynchronous: a clone or
 * a push talks to the test server, which runs in this very process.
 */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('git', args, { cwd, env: gitEnv(), encoding: 'utf8' });
  return stdout.trim();
}

export interface GitHttpServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The folder of the bare repositories (`<name>.git`). */
  root: string;
  /** The URL of a repository, with credentials when given. */
  url(name: string, credentials?: { username: string; password: string }): string;
  /** Creates an empty bare repository (`<name>.git`), its HEAD on `main`. */
  createRepository(name: string): string;
  /** Runs once before the next push reaches Git (to move the branch under the pusher's feet). */
  beforeNextPush(hook: () => void): void;
  /** Requests seen: method and path (the protocol calls an operation made). */
  requests: { method: string; path: string; user?: string }[];
  close(): Promise<void>;
}

/**
 * A Git smart-HTTP server for tests: Git's own `git http-backend` (the CGI program that serves
 * repositories over HTTP) behind a small node server on 127.0.0.1. Fetches and pushes are answered
 * by Git itself. With `credentials`, every request needs them (Basic), as a hosted forge would.
 */
export async function startGitHttpServer(options: { credentials?: { username: string; password: string } } = {}): Promise<GitHttpServer> {
  const root = mkdtempSync(join(tmpdir(), 'git-http-'));
  const backend = join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');
  const requests: GitHttpServer['requests'] = [];
  let pushHook: (() => void) | undefined;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let user: string | undefined;
    if (options.credentials) {
      const header = req.headers.authorization ?? '';
      const [scheme, encoded] = header.split(' ');
      const [name, ...rest] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':');
      if (scheme !== 'Basic' || name !== options.credentials.username || rest.join(':') !== options.credentials.password) {
        requests.push({ method: req.method ?? 'GET', path: url.pathname });
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"', 'Content-Type': 'text/plain' }).end('Authentication required.');
        req.resume();
        return;
      }
      user = name;
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname, user });
    if (req.method === 'POST' && url.pathname.endsWith('/git-receive-pack') && pushHook) {
      const hook = pushHook;
      pushHook = undefined;
      hook();
    }
    const cgi = spawn(backend, [], {
      env: {
        ...gitEnv(),
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        // Pushes over HTTP are off unless a user is authenticated or the repository allows them.
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'http.receivepack',
        GIT_CONFIG_VALUE_0: 'true',
        REMOTE_USER: user ?? 'anonymous',
        REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-length'] ? { CONTENT_LENGTH: String(req.headers['content-length']) } : {}),
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      res.write(head.subarray(end + 4));
    });
    cgi.stdout.on('end', () => res.end());
    cgi.on('error', () => res.destroy());
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    root,
    requests,
    url: (name, credentials) => (credentials ? `http://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${(server.address() as AddressInfo).port}/${name}.git` : `${origin}/${name}.git`),
    createRepository: (name) => {
      const path = join(root, `${name}.git`);
      mkdirSync(dirname(path), { recursive: true });
      execFileSync('git', ['init', '--bare', '--quiet', '--initial-branch=main', path], { env: gitEnv() });
      return path;
    },
    beforeNextPush: (hook) => {
      pushHook = hook;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Writes `files` (path -> text or bytes; null removes) into a working copy and commits them with
 * `git` (`message`). Answers the commit id; pushing is the caller's (`git(workdir, 'push', ...)`).
 */
export async function commitWithGit(workdir: string, files: Record<string, string | Buffer | null>, message: string): Promise<string> {
  for (const [path, content] of Object.entries(files)) {
    const file = join(workdir, path);
    if (content === null) {
      rmSync(file, { force: true });
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  await git(workdir, 'add', '--all');
  await git(workdir, 'commit', '--quiet', '--allow-empty', '-m', message);
  return git(workdir, 'rev-parse', 'HEAD');
}

/** A fresh clone of `url` (its `branch`) in a temporary folder, made by `git clone`. */
export async function cloneWithGit(url: string, branch = 'main'): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'git-clone-'));
  await git(tmpdir(), 'clone', '--quiet', '--branch', branch, url, folder);
  return folder;
}

/** A new working copy whose `origin` is `url` (an empty repository), on branch `main`. */
export async function workingCopy(url: string): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'git-work-'));
  await git(folder, 'init', '--quiet', '--initial-branch=main');
  await git(folder, 'remote', 'add', 'origin', url);
  return folder;
}
