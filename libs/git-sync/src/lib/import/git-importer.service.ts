import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ChangeRequestContentHead, ChangeRequestEntity, ChangeRequestsService, MergeService } from '@docs/collaboration';
import {
  blobHash,
  BlobStore,
  ContentHead,
  ContentReader,
  ContentWriter,
  FileReads,
  ImportSources,
  KeptPageSources,
  LAYOUT_FILE,
  MarkdownExports,
  type RecordedPath,
  type ReusableContentEntry,
  RevisionEntity,
  type SourceBody,
  SpaceContentHead,
  type Variables,
  VARS_FILE,
  withImportFolder,
} from '@docs/content';
import { APP_CONFIG, type AppConfig, SafeFetcher } from '@docs/platform';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataSource, EntityManager } from 'typeorm';
import { ZipFile } from 'yazl';
import type { GitSyncConfigEntity } from '../config/git-sync-config.entity';
import { GitSyncConfigs } from '../config/git-sync-configs.service';
import { GitWorkspace, type TreeFile } from '../git/git-workspace';
import { GitSyncError } from '../operations/git-sync-failure';
import type { GitSyncOperationEntity } from '../operations/git-sync-operation.entity';
import { GitSyncOperations } from '../operations/git-sync-operations.service';
import { type GitbookConfig, readGitbookConfig } from '../sync/gitbook-config';
import { type ManifestEntry, replaceManifest } from '../sync/sync-manifest';
import { applyRepositoryPlan } from './apply-repository-plan';
import { planRepository, type PlannedPage, type RepositoryPlan, type SyncedFile } from './repository-plan';

const PAGE_FILE = /\.(md|markdown|html?)$/i;
/** Files a documentation repository holds besides its pages: what an import takes from outside `.gitbook/`. */
const CONTENT_FILE = /\.(png|jpe?g|gif|svg|webp|avif|bmp|ico|pdf|mp4|webm|mov|mp3|zip|csv|txt)$/i;

/**
 * Runs an import operation: fetches the ref's commit (depth 1), reads its project directory with
 * the importer of zip archives (the same GitBook layout), matches it with the space (pages keep
 * their ids, files that did not change since the last sync keep the space's version), and writes
 * it in ONE transaction with the sync's record:
 * - as the space's new primary revision, when the space did not change since the last sync (or
 *   with `force`);
 * - as a change request holding the repository's version on top of the last synced revision,
 *   then updated from the space by the three-way merge, when the space changed meanwhile;
 * - as a revision of the space that no head points at, with `standalone`.
 */
@Injectable()
export class GitImporter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fetcher: SafeFetcher,
    private readonly configs: GitSyncConfigs,
    private readonly operations: GitSyncOperations,
    private readonly sources: ImportSources,
    private readonly reader: ContentReader,
    private readonly files: FileReads,
    private readonly writer: ContentWriter,
    private readonly blobs: BlobStore,
    private readonly exports: MarkdownExports,
    private readonly changeRequests: ChangeRequestsService,
    private readonly merges: MergeService,
    private readonly keptSources: KeptPageSources,
  ) {}

  async run(operation: GitSyncOperationEntity, signal: AbortSignal): Promise<void> {
    const credentials = this.configs.unseal(operation.credentials);
    const workspace = await GitWorkspace.open({ url: operation.url, credentials }, this.fetcher, { maxBytes: this.config.importMaxBytes * 2, signal });
    try {
      await this.operations.enterStage(operation, 'repo_fetch');
      if (!(await workspace.remoteCommit(operation.ref))) throw new GitSyncError('ref-not-found', `The repository has no ref ${operation.ref}.`);
      const commit = await workspace.fetch(operation.ref);
      const tree = await workspace.treeOf(commit);
      const commitMessage = (await workspace.messageOf(commit)).trim();

      await this.operations.enterStage(operation, 'config_check');
      const project = operation.projectDirectory;
      const projectFiles = await workspace.files(tree, project);
      const where = project ? `The folder ${project} of ${operation.ref}` : operation.ref;
      if (projectFiles.size === 0) throw new GitSyncError('not-gitbook-layout', `${where} has no files: nothing to import.`);
      const layoutFile = projectFiles.get(LAYOUT_FILE);
      const gitbook = readGitbookConfig(layoutFile ? (await workspace.readBlob(layoutFile.oid)).toString('utf8') : undefined);
      const contentFiles = new Map<string, TreeFile>();
      const prefix = gitbook.root ? `${gitbook.root}/` : '';
      for (const [path, file] of projectFiles) if (path.startsWith(prefix)) contentFiles.set(path.slice(prefix.length), file);
      const pages = [...contentFiles.keys()].filter((path) => PAGE_FILE.test(path) && !path.startsWith('.gitbook/'));
      if (pages.length === 0) {
        throw new GitSyncError('not-gitbook-layout', `${where} is not in GitBook's layout: ${prefix ? `its root ${gitbook.root} holds` : 'it holds'} no markdown page (README.md, SUMMARY.md, pages).`);
      }

      const config = await this.configs.find(operation.spaceId);
      if (!operation.standalone && !operation.force && config?.lastCommit === commit) {
        await this.dataSource.transaction((tx) => this.operations.succeed(tx, operation, { revisionId: null, commit, commitMessage }));
        return;
      }

      await this.operations.enterStage(operation, 'content_process');
      await withImportFolder(async (folder) => {
        const synced = await this.exports.recorded(operation.spaceId);
        const archive = await this.pack(workspace, projectFiles, new Set(synced.filter((entry) => entry.kind === 'file').map((entry) => `${prefix}${entry.path}`)), join(folder, 'repository.zip'));
        await this.operations.progress(operation, archive.files, 0);
        const imported = await this.sources.convert('zip', { url: 'file:///repository.zip', contentType: 'application/zip', path: archive.path, size: archive.size });
        try {
          const base = await this.baseOf(operation, config);
          const plan = await planRepository({
            imported,
            repoFiles: contentFiles,
            synced: config?.lastCommit ? (synced as SyncedFile[]) : [],
            base,
          });
          if (signal.aborted) throw signal.reason;
          await this.operations.enterStage(operation, 'finalize');
          await this.dataSource.transaction((tx) => this.write(tx, operation, { plan, base, commit, commitMessage, gitbook, contentFiles }));
        } finally {
          imported.close?.();
        }
      });
    } finally {
      await workspace.close();
    }
  }

  /** The revision the repository's changes apply to: the last synced one, else the space's current. */
  private async baseOf(operation: GitSyncOperationEntity, config: GitSyncConfigEntity | null) {
    const [space]: { revision_id: string }[] = await this.dataSource.query(`SELECT revision_id FROM spaces WHERE id = $1 AND deleted_at IS NULL`, [operation.spaceId]);
    if (!space) throw new GitSyncError('space-deleted', `Space ${operation.spaceId} no longer exists.`);
    const revisionId = config?.lastCommit && config.lastRevisionId ? config.lastRevisionId : space.revision_id;
    const revision = await this.reader.revision({ organizationId: operation.organizationId, spaceId: operation.spaceId, revisionId, headKey: null });
    if (!revision) throw new GitSyncError('internal', `Revision ${revisionId} of space ${operation.spaceId} is missing.`);
    const [tree, files] = await Promise.all([this.reader.tree(revision), this.files.all(revision)]);
    return { revision, tree, files, reusableContents: revision.reusableContents as ReusableContentEntry[], variables: revision.variables as Variables };
  }

  /** The write, the sync's record and the operation's success: one transaction, so nothing is half-imported. */
  private async write(
    tx: EntityManager,
    operation: GitSyncOperationEntity,
    input: { plan: RepositoryPlan; base: Awaited<ReturnType<GitImporter['baseOf']>>; commit: string; commitMessage: string; gitbook: GitbookConfig; contentFiles: Map<string, TreeFile> },
  ): Promise<void> {
    const { plan, base, commit, commitMessage } = input;
    const space = { id: operation.spaceId, organizationId: operation.organizationId };
    const [row]: { revision_id: string }[] = await tx.query(`SELECT revision_id FROM spaces WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [space.id]);
    if (!row) throw new GitSyncError('space-deleted', `Space ${space.id} no longer exists.`);
    const message = `Import ${operation.ref} at ${commit.slice(0, 7)}`;
    const options = { actor: operation.createdBy, message };
    const edit = async (draft: Parameters<Parameters<ContentWriter['applyIn']>[3]>[0], writeTx: EntityManager) => {
      await applyRepositoryPlan(draft, writeTx, plan, this.blobs);
      return async () => undefined;
    };

    // Standalone: no kept files. Like the sync's manifest, they are the space's state (one row per
    // page, not per revision): a revision no head points at must not replace the files its pages
    // kept from the sync the space is on. Its unedited pages still read as those files.
    if (operation.standalone) {
      const head = new DetachedContentHead(`git-import:${operation.id}`, space.id, space.organizationId, row.revision_id);
      await tx.query(`INSERT INTO head_pages (head_key, page_id, node_id, parent_page_id, path) SELECT $2, page_id, node_id, parent_page_id, path FROM head_pages WHERE head_key = $1`, [space.id, head.key]);
      const written = await this.writer.applyIn(tx, head, options, edit);
      for (const table of ['head_pages', 'page_search', 'page_links']) await tx.query(`DELETE FROM ${table} WHERE head_key = $1`, [head.key]);
      await this.operations.succeed(tx, operation, { revisionId: written.revision.id, commit, commitMessage });
      return;
    }

    const changedSince = row.revision_id !== base.revision.id;
    let imported: RevisionEntity;
    let changeRequestId: string | null = null;
    if (!changedSince || operation.force) {
      imported = (await this.writer.applyIn(tx, new SpaceContentHead(space.id, space.organizationId), options, edit)).revision;
    } else {
      // The space changed since the last sync: the repository's version goes into a change
      // request started from the last synced revision, and the space's edits are merged into it.
      if (!operation.createdBy) throw new GitSyncError('internal', 'The space changed since the last sync, and the user who asked for this import (who would open the change request) no longer exists.');
      const changeRequest = await this.changeRequests.openWithin(tx, space, { createdBy: operation.createdBy, subject: `${message} (the space changed since the last sync)`, status: 'open' });
      imported = (await this.writer.applyIn(tx, new ChangeRequestContentHead(changeRequest.id, space.id, space.organizationId), options, edit)).revision;
      await tx.update(ChangeRequestEntity, { id: changeRequest.id }, { baseRevisionId: base.revision.id });
      await this.merges.updateWithin(tx, space, changeRequest.id, operation.createdBy);
      changeRequestId = changeRequest.id;
    }
    await replaceManifest(tx, space.id, await this.manifest(tx, operation, imported, input));
    // After the manifest (the layout the pages' relative links are rendered with): each page keeps
    // its file's body against its rendering in the revision written (the change request's, there).
    await this.keptSources.keep(tx, imported, sourceBodies(plan.pages));
    await this.configs.recordSync(tx, space.id, { commit, revisionId: imported.id });
    await this.operations.succeed(tx, operation, { revisionId: imported.id, commit, commitMessage, changeRequestId });
  }

  /**
   * The sync's record of what was imported: each item at the repository's path, with its blob and
   * what this installation renders for it there (so that an export of the same content keeps every
   * file as the repository has it).
   */
  private async manifest(
    tx: EntityManager,
    operation: GitSyncOperationEntity,
    revision: RevisionEntity,
    input: { plan: RepositoryPlan; gitbook: GitbookConfig; contentFiles: Map<string, TreeFile> },
  ): Promise<ManifestEntry[]> {
    const { plan, gitbook, contentFiles } = input;
    const tree = await this.reader.tree(revision, tx);
    const placed = new Map<string, { parentId: string | null; slug: string | null }>();
    const walk = (pages: typeof tree, parentId: string | null) => pages.forEach((page) => (placed.set(page.pageId, { parentId, slug: page.slug }), walk(page.pages, page.pageId)));
    walk(tree, null);
    const recorded: RecordedPath[] = [
      { kind: 'readme', itemId: 'readme', path: gitbook.readme, parentId: null, name: null },
      { kind: 'summary', itemId: 'summary', path: gitbook.summary, parentId: null, name: null },
    ];
    const visit = (pages: PlannedPage[]) => {
      for (const page of pages) {
        const at = placed.get(page.pageId);
        if (at && page.type !== 'link' && (page.path || at.slug)) recorded.push({ kind: 'page', itemId: page.pageId, path: page.path ?? (at.slug as string), parentId: at.parentId, name: at.slug });
        visit(page.children);
      }
    };
    visit(plan.pages);
    for (const file of plan.files) recorded.push({ kind: 'file', itemId: file.fileId, path: file.path, parentId: null, name: posix.basename(file.path) });
    for (const include of plan.includes) recorded.push({ kind: 'include', itemId: include.id, path: include.path, parentId: null, name: include.title });

    const target = { organizationId: operation.organizationId, spaceId: operation.spaceId, revisionId: revision.id, headKey: null };
    const exported = await this.exports.prepare(target, { recorded, tx });
    const rendered = new Map<string, string>();
    for (const entry of exported.entries) {
      if (entry.kind === 'config') continue;
      rendered.set(`${entry.kind}:${entry.itemId}`, entry.sha ?? blobHash(await entry.read()));
      if (entry.kind === 'vars') recorded.push({ kind: 'vars', itemId: 'vars', path: entry.path, parentId: null, name: null });
    }
    const entries = new Map<string, ManifestEntry>();
    for (const record of [...recorded, ...exported.records]) {
      const key = `${record.kind}:${record.itemId}`;
      const path = exported.records.find((candidate) => candidate.kind === record.kind && candidate.itemId === record.itemId)?.path ?? record.path;
      entries.set(key, { ...record, path, renderedSha: rendered.get(key) ?? null, oid: contentFiles.get(path)?.oid ?? (record.kind === 'vars' ? (contentFiles.get(VARS_FILE)?.oid ?? null) : null) });
    }
    return [...entries.values()];
  }

  /**
   * The project directory as a zip archive for the importer, entry by entry from Git's objects
   * (one blob in memory at a time): pages, `.gitbook.yaml`, `.gitbook/assets`, `.gitbook/includes`
   * and `.gitbook/vars.yaml` (the importer reads GitBook's metadata: emoji, front matter, variables,
   * group slugs), the media a documentation repository holds, and the files the last sync placed
   * anywhere.
   */
  private async pack(workspace: GitWorkspace, files: Map<string, TreeFile>, keep: Set<string>, path: string): Promise<{ path: string; size: number; files: number }> {
    const zip = new ZipFile();
    zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
    let count = 0;
    for (const [name, file] of files) {
      const wanted =
        name === LAYOUT_FILE ||
        /^\.gitbook\/(assets|includes)\//.test(name) ||
        /(^|\/)\.gitbook\/vars\.yaml$/.test(name) ||
        (!name.startsWith('.gitbook/') && (PAGE_FILE.test(name) || CONTENT_FILE.test(name))) ||
        keep.has(name);
      if (!wanted) continue;
      // Each blob is read when the archive reaches its entry.
      zip.addReadStreamLazy(name, { compress: true, mtime: new Date(0) }, (callback) => {
        workspace.readBlob(file.oid).then(
          (data) => callback(null, Readable.from([data])),
          (error: Error) => callback(error, undefined as never),
        );
      });
      count++;
    }
    zip.end();
    await pipeline(zip.outputStream as Readable, createWriteStream(path));
    return { path, size: (await stat(path)).size, files: count };
  }
}

/** The file bodies of a plan's pages (document pages read from a markdown file), in tree order. */
function sourceBodies(pages: readonly PlannedPage[], into: { pageId: string; sourceBody: SourceBody }[] = []): { pageId: string; sourceBody: SourceBody }[] {
  for (const page of pages) {
    if (page.sourceBody !== undefined) into.push({ pageId: page.pageId, sourceBody: page.sourceBody });
    sourceBodies(page.children, into);
  }
  return into;
}

/**
 * A head no one sees: a standalone import's revision is written on it (from the space's current
 * content, its index rows copied in the transaction and dropped at its end), and nothing moves.
 */
class DetachedContentHead extends ContentHead {
  constructor(
    readonly key: string,
    readonly spaceId: string,
    readonly organizationId: string,
    private readonly revisionId: string,
  ) {
    super();
  }

  async lock(): Promise<{ revisionId: string }> {
    return { revisionId: this.revisionId };
  }

  async advance(): Promise<void> {
    // Standalone: the revision becomes no head's.
  }
}
