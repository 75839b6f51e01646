import * as fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import * as git from 'isomorphic-git';
import type { SafeFetcher } from '@docs/platform';
import { safeGitHttp } from './safe-git-http';

/** A file of a Git tree: its blob id and mode (`100644`, `100755`, `120000`). */
export interface TreeFile {
  oid: string;
  mode: string;
}

export interface GitIdentity {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  timestamp: number;
}

export interface RemoteRepository {
  /** Without credentials. */
  url: string;
  credentials?: { username: string; password: string };
}

const GIT_OPTIONS = { fs } as const;

/**
 * One Git operation's local repository: a bare repository in a temporary folder, filled by a
 * shallow fetch of one ref (its commit and tree, never the history), where new blobs, trees and a
 * commit are written before a push. Everything on the network goes through `safeGitHttp`; the
 * credentials travel as a Basic header, never in a URL or the repository's configuration.
 */
export class GitWorkspace {
  private readonly headers: Record<string, string>;
  private readonly http: git.HttpClient;
  private readonly cache = {};

  private constructor(
    readonly gitdir: string,
    private readonly remote: RemoteRepository,
    fetcher: SafeFetcher,
    options: { maxBytes: number; signal?: AbortSignal },
  ) {
    const { username, password } = remote.credentials ?? {};
    this.headers = username !== undefined || password !== undefined ? { authorization: `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}` } : {};
    this.http = safeGitHttp(fetcher, options);
  }

  static async open(remote: RemoteRepository, fetcher: SafeFetcher, options: { maxBytes: number; signal?: AbortSignal }): Promise<GitWorkspace> {
    const gitdir = await mkdtemp(join(tmpdir(), 'docs-git-'));
    const workspace = new GitWorkspace(gitdir, remote, fetcher, options);
    await git.init({ ...GIT_OPTIONS, gitdir, bare: true, defaultBranch: 'main' });
    await git.addRemote({ ...GIT_OPTIONS, gitdir, remote: 'origin', url: remote.url });
    return workspace;
  }

  /** Removes the temporary repository. */
  async close(): Promise<void> {
    await rm(this.gitdir, { recursive: true, force: true });
  }

  /** The commit `ref` points at on the remote; null when the remote has no such ref (an empty repository, a new branch). */
  async remoteCommit(ref: string): Promise<string | null> {
    const refs = await git.listServerRefs({ http: this.http, url: this.remote.url, headers: this.headers, protocolVersion: 1, prefix: ref });
    return refs.find((entry) => entry.ref === ref)?.oid ?? null;
  }

  /** Fetches `ref`'s commit and tree (depth 1) and answers the commit id. */
  async fetch(ref: string): Promise<string> {
    const result = await git.fetch({
      ...GIT_OPTIONS,
      cache: this.cache,
      http: this.http,
      gitdir: this.gitdir,
      remote: 'origin',
      url: this.remote.url,
      ref,
      remoteRef: ref,
      singleBranch: true,
      depth: 1,
      tags: false,
      headers: this.headers,
    });
    if (!result.fetchHead) throw Object.assign(new Error(`Could not find ${ref}.`), { code: 'NotFoundError' });
    return result.fetchHead;
  }

  /** A fetched commit's message. */
  async messageOf(commit: string): Promise<string> {
    return (await git.readCommit({ ...GIT_OPTIONS, cache: this.cache, gitdir: this.gitdir, oid: commit })).commit.message;
  }

  async treeOf(commit: string): Promise<string> {
    return (await git.readCommit({ ...GIT_OPTIONS, cache: this.cache, gitdir: this.gitdir, oid: commit })).commit.tree;
  }

  /** Every file under `folder` ('' for all) of a tree, by path relative to `folder`. Symbolic links and submodules are left out. */
  async files(tree: string, folder = ''): Promise<Map<string, TreeFile>> {
    const files = new Map<string, TreeFile>();
    const start = folder ? await this.subtree(tree, folder) : tree;
    if (!start) return files;
    const walk = async (oid: string, prefix: string) => {
      const { tree: entries } = await git.readTree({ ...GIT_OPTIONS, cache: this.cache, gitdir: this.gitdir, oid });
      for (const entry of entries) {
        const path = prefix ? `${prefix}/${entry.path}` : entry.path;
        if (entry.type === 'tree') await walk(entry.oid, path);
        else if (entry.type === 'blob' && entry.mode !== '120000') files.set(path, { oid: entry.oid, mode: entry.mode });
      }
    };
    await walk(start, '');
    return files;
  }

  /** The tree id at `path` of `tree`; undefined when there is none. */
  async subtree(tree: string, path: string): Promise<string | undefined> {
    let current = tree;
    for (const name of path.split('/').filter(Boolean)) {
      const { tree: entries } = await git.readTree({ ...GIT_OPTIONS, cache: this.cache, gitdir: this.gitdir, oid: current });
      const next = entries.find((entry) => entry.path === name && entry.type === 'tree');
      if (!next) return undefined;
      current = next.oid;
    }
    return current;
  }

  async readBlob(oid: string): Promise<Buffer> {
    return Buffer.from((await git.readBlob({ ...GIT_OPTIONS, cache: this.cache, gitdir: this.gitdir, oid })).blob);
  }

  async writeBlob(data: Buffer): Promise<string> {
    return git.writeBlob({ ...GIT_OPTIONS, gitdir: this.gitdir, blob: data });
  }

  /**
   * A new tree: `base` (or nothing) with `changes` applied, path -> file or null to remove. Only
   * the folders along changed paths are rewritten; every other subtree keeps its id. Folders left
   * empty disappear, as Git has no empty folders.
   */
  async editTree(base: string | null, changes: Map<string, TreeFile | null>): Promise<string> {
    const root = new FolderEdit();
    for (const [path, file] of changes) root.set(path.split('/'), file);
    return (await this.writeFolder(base, root)) ?? git.writeTree({ ...GIT_OPTIONS, gitdir: this.gitdir, tree: [] });
  }

  private async writeFolder(base: string | null, edit: FolderEdit): Promise<string | null> {
    const entries = new Map<string, git.TreeEntry>();
    if (base) for (const entry of (await git.readTree({ ...GIT_OPTIONS, cache: this.cache, gitdir: this.gitdir, oid: base })).tree) entries.set(entry.path, entry);
    for (const [name, file] of edit.files) {
      if (file === null) entries.delete(name);
      else entries.set(name, { mode: file.mode, path: name, oid: file.oid, type: 'blob' });
    }
    for (const [name, sub] of edit.folders) {
      const existing = entries.get(name);
      const oid = await this.writeFolder(existing?.type === 'tree' ? existing.oid : null, sub);
      if (oid === null) entries.delete(name);
      else entries.set(name, { mode: '040000', path: name, oid, type: 'tree' });
    }
    if (entries.size === 0) return null;
    return git.writeTree({ ...GIT_OPTIONS, gitdir: this.gitdir, tree: [...entries.values()] });
  }

  /** Writes a commit of `tree` on `parent` (none for the first), and points the local `ref` at it. */
  async commit(input: { tree: string; parent: string | null; message: string; author: GitIdentity; ref: string }): Promise<string> {
    const who = { name: input.author.name, email: input.author.email, timestamp: input.author.timestamp, timezoneOffset: 0 };
    const oid = await git.writeCommit({
      ...GIT_OPTIONS,
      gitdir: this.gitdir,
      commit: { message: input.message.endsWith('\n') ? input.message : `${input.message}\n`, tree: input.tree, parent: input.parent ? [input.parent] : [], author: who, committer: who },
    });
    await git.writeRef({ ...GIT_OPTIONS, gitdir: this.gitdir, ref: input.ref, value: oid, force: true });
    return oid;
  }

  /** Pushes the local `ref` to the remote's; a remote that moved meanwhile refuses it (not a fast-forward) unless `force`. */
  async push(ref: string, force = false): Promise<void> {
    const result = await git.push({ ...GIT_OPTIONS, http: this.http, gitdir: this.gitdir, remote: 'origin', url: this.remote.url, ref, remoteRef: ref, force, headers: this.headers });
    const refused = Object.entries(result.refs ?? {}).find(([, status]) => !status.ok);
    if (!result.ok || refused) throw Object.assign(new Error(`Push rejected: ${refused?.[1].error ?? result.error ?? 'unknown reason'}`), { code: 'GitPushError', data: { reason: refused?.[1].error ?? result.error } });
  }
}

class FolderEdit {
  readonly files = new Map<string, TreeFile | null>();
  readonly folders = new Map<string, FolderEdit>();

  set(parts: string[], file: TreeFile | null): void {
    if (parts.length === 1) {
      this.files.set(parts[0], file);
      return;
    }
    let sub = this.folders.get(parts[0]);
    if (!sub) this.folders.set(parts[0], (sub = new FolderEdit()));
    sub.set(parts.slice(1), file);
  }
}

/** `folder/path`, or `path` at the root; `..` and absolute paths are never produced here. */
export const joinRepoPath = (folder: string, path: string) => (folder ? posix.join(folder, path) : path);
