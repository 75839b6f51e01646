import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { blobHash, type ExportEntry, LAYOUT_FILE, MarkdownExports, type RecordedPath } from '@docs/content';
import { UsersService } from '@docs/identity';
import { APP_CONFIG, type AppConfig, Clock, PublicUrls, SafeFetcher } from '@docs/platform';
import type { DataSource } from 'typeorm';
import { GitSyncConfigs } from '../config/git-sync-configs.service';
import { GitWorkspace, joinRepoPath, type TreeFile } from '../git/git-workspace';
import { GitSyncError } from '../operations/git-sync-failure';
import type { GitSyncOperationEntity } from '../operations/git-sync-operation.entity';
import { GitSyncOperations } from '../operations/git-sync-operations.service';
import { readGitbookConfig } from '../sync/gitbook-config';
import { type ManifestEntry, replaceManifest } from '../sync/sync-manifest';

/** Progress is written every this many files (a row update each time). */
const PROGRESS_EVERY = 100;
/**
 * The kinds of records whose file an export removes when the space no longer has the item (a
 * group's record is a folder; the readme's is a name; `.gitbook.yaml` is the repository's own).
 */
const FILE_KINDS = new Set(['page', 'file', 'include', 'vars']);

/**
 * Runs an export operation: fetches the ref's commit (depth 1), lays the revision out as GitBook's
 * Git Sync files in the project directory on top of that commit's tree, and commits and pushes
 * only when a file changed. A file whose item this installation renders exactly as at the last
 * sync keeps the repository's bytes (whatever wrote them), so an export changes the files of what
 * changed in the space and nothing else; the files of items gone from the space are removed; every
 * other file of the repository is left as it is.
 */
@Injectable()
export class GitExporter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fetcher: SafeFetcher,
    private readonly configs: GitSyncConfigs,
    private readonly operations: GitSyncOperations,
    private readonly exports: MarkdownExports,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly urls: PublicUrls,
  ) {}

  async run(operation: GitSyncOperationEntity, signal: AbortSignal): Promise<void> {
    if (!operation.revisionId) throw new GitSyncError('internal', 'The export names no revision.');
    const credentials = this.configs.unseal(operation.credentials);
    const workspace = await GitWorkspace.open({ url: operation.url, credentials }, this.fetcher, { maxBytes: this.config.importMaxBytes * 2, signal });
    try {
      await this.operations.enterStage(operation, 'repo_fetch');
      const remote = await workspace.remoteCommit(operation.ref);
      const base = remote ? await workspace.fetch(operation.ref) : null;
      const baseTree = base ? await workspace.treeOf(base) : null;

      await this.operations.enterStage(operation, 'config_check');
      const project = operation.projectDirectory;
      const projectFiles = baseTree ? await workspace.files(baseTree, project) : new Map<string, TreeFile>();
      const layoutFile = projectFiles.get(LAYOUT_FILE);
      const gitbook = readGitbookConfig(layoutFile ? (await workspace.readBlob(layoutFile.oid)).toString('utf8') : undefined);
      const root = joinRepoPath(project, gitbook.root);
      const contentFiles = new Map<string, TreeFile>();
      const prefix = gitbook.root ? `${gitbook.root}/` : '';
      for (const [path, file] of projectFiles) if (path.startsWith(prefix)) contentFiles.set(path.slice(prefix.length), file);

      await this.operations.enterStage(operation, 'content_process');
      const synced = await this.exports.recorded(operation.spaceId);
      const recorded: RecordedPath[] = [
        ...synced.filter((entry) => entry.kind !== 'readme' && entry.kind !== 'summary'),
        { kind: 'readme', itemId: 'readme', path: gitbook.readme, parentId: null, name: null },
        { kind: 'summary', itemId: 'summary', path: gitbook.summary, parentId: null, name: null },
      ];
      const target = { organizationId: operation.organizationId, spaceId: operation.spaceId, revisionId: operation.revisionId, headKey: null };
      const exported = await this.exports.prepare(target, { recorded });
      // A new project gets its .gitbook.yaml; an existing one keeps its own (or its absence).
      const fresh = !layoutFile && !contentFiles.has(gitbook.readme) && !contentFiles.has(gitbook.summary);
      const entries = exported.entries.filter((entry) => entry.kind !== 'config' || fresh);
      const before = new Map(synced.map((entry) => [`${entry.kind}:${entry.itemId}`, entry]));
      const changes = new Map<string, TreeFile | null>();
      const manifest: ManifestEntry[] = [];
      const produced = new Set<string>();
      await this.operations.progress(operation, entries.length, 0);
      for (const [index, entry] of entries.entries()) {
        if (signal.aborted) throw signal.reason;
        const written = await this.place(workspace, entry, before.get(`${entry.kind}:${entry.itemId}`), contentFiles.get(entry.path));
        produced.add(entry.path);
        if (written.change) changes.set(joinRepoPath(root, entry.path), written.change);
        manifest.push({ kind: entry.kind, itemId: entry.itemId, path: entry.path, parentId: null, name: null, renderedSha: written.sha, oid: written.oid });
        if ((index + 1) % PROGRESS_EVERY === 0) await this.operations.progress(operation, entries.length, index + 1);
      }
      // Files of items the space no longer has are removed (the repository's other files stay).
      for (const entry of synced) {
        if (FILE_KINDS.has(entry.kind) && !produced.has(entry.path) && contentFiles.has(entry.path)) changes.set(joinRepoPath(root, entry.path), null);
      }
      // Groups and the readme's name are recorded too (where each item went), with the files' blobs.
      const records = new Map(manifest.map((entry) => [`${entry.kind}:${entry.itemId}`, entry]));
      for (const record of exported.records) {
        const file = records.get(`${record.kind}:${record.itemId}`);
        records.set(`${record.kind}:${record.itemId}`, { ...record, renderedSha: file?.renderedSha ?? null, oid: file?.oid ?? null });
      }

      await this.operations.enterStage(operation, 'finalize');
      const tree = changes.size === 0 ? baseTree : await workspace.editTree(baseTree, changes);
      let commit = base;
      let created = false;
      if (tree !== baseTree || base === null) {
        const author = await this.author(operation.createdBy);
        commit = await workspace.commit({ tree: tree ?? (await workspace.editTree(null, new Map())), parent: base, message: operation.commitMessage ?? 'Export from the docs platform', author, ref: operation.ref });
        await workspace.push(operation.ref, operation.force);
        created = true;
      }
      const commitMessage = created ? operation.commitMessage : (await workspace.messageOf(commit as string)).trim();
      await this.dataSource.transaction(async (tx) => {
        await replaceManifest(tx, operation.spaceId, [...records.values()]);
        await this.configs.recordSync(tx, operation.spaceId, { commit: commit as string, revisionId: operation.revisionId as string });
        await this.operations.succeed(tx, operation, { commit, commitCreated: created, commitMessage });
      });
    } finally {
      await workspace.close();
    }
  }

  /**
   * The blob of one file: the repository's own when this installation renders the item exactly as
   * at the last sync and the file is still there, else the new rendering (written as a blob).
   */
  private async place(workspace: GitWorkspace, entry: ExportEntry, synced: { path: string; renderedSha: string | null } | undefined, current: TreeFile | undefined) {
    let bytes: Buffer | undefined;
    const sha = entry.sha ?? blobHash((bytes = await entry.read()));
    if (current && synced && synced.path === entry.path && synced.renderedSha === sha) return { sha, oid: current.oid, change: undefined };
    const oid = await workspace.writeBlob(bytes ?? (await entry.read()));
    if (current?.oid === oid) return { sha, oid, change: undefined };
    return { sha, oid, change: { oid, mode: current?.mode === '100755' ? '100755' : '100644' } };
  }

  /** Author and committer: the user who asked for the export (or merged), else the platform itself. */
  private async author(userId: string | null) {
    const user = userId ? (await this.users.byIds([userId])).get(userId) : undefined;
    const host = new URL(this.urls.api('v1')).hostname || 'localhost';
    return {
      name: user?.displayName || 'Docs Platform',
      email: user?.email ?? `git-sync@${host}`,
      timestamp: Math.floor(this.clock.now().getTime() / 1000),
    };
  }
}

