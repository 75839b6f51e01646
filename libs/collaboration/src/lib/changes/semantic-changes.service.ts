import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BlobStore, ContentAccess, FileEntryEntity, FilePresenter, MergeSource, parseDocumentBytes, RevisionEntity } from '@docs/content';
import { documentToMarkdown } from '@docs/document-model';
import { Caller } from '@docs/identity';
import { DataSource, In } from 'typeorm';
import { ChangeRequestsService } from '../change-requests/change-requests.service';
import { diffTrees } from '../merge/diff-trees';
import { nodeLoader } from '../merge/node-loader';
import type { PageNodeInfo } from '../merge/page-version';
import { FileChange, fileChanges, FileVersion, PageChange, pageChanges, ReusableContentChange, reusableContentChanges, variableChanges } from './semantic-changes';

/** How many changes an answer lists by default (the reference's default). */
export const DEFAULT_CHANGES_LIMIT = 10;

type Change = PageChange | FileChange | ReusableContentChange | { type: 'variables_edited'; variables: Record<string, { before?: unknown; after?: unknown }> };

/**
 * The reference's semantic changes: of a change request (from the space revision it last started
 * from to its head: what it would bring), and of a revision (against its first parent; the
 * initial revision against nothing). Pages come from the tree diff, which opens only the nodes
 * that differ; bodies are read only for the `page_edited` changes of the answer.
 */
@Injectable()
export class SemanticChangesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: ContentAccess,
    private readonly changeRequests: ChangeRequestsService,
    private readonly blobs: BlobStore,
    private readonly files: FilePresenter,
    private readonly mergeSource: MergeSource,
  ) {}

  async ofChangeRequest(spaceId: string, key: string, caller: Caller, limit = DEFAULT_CHANGES_LIMIT): Promise<Record<string, unknown>> {
    const { changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'read', 'read its change requests');
    const [base, head] = await this.revisions([changeRequest.baseRevisionId, changeRequest.revisionId]);
    return this.answer(base, head, limit);
  }

  async ofRevision(spaceId: string, revisionId: string, caller: Caller, limit = DEFAULT_CHANGES_LIMIT): Promise<Record<string, unknown>> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'read its content');
    const revision = await this.dataSource.manager.findOneBy(RevisionEntity, { id: revisionId, spaceId: space.id });
    if (!revision) throw new NotFoundException(`Space ${space.id} has no revision with the id ${revisionId}.`);
    const parent = revision.parents[0] ? (await this.revisions([revision.parents[0]]))[0] : null;
    const answer = await this.answer(parent, revision, limit);
    const mergedFrom = revision.type === 'merge' ? await this.mergeSource.mergedFrom(revision) : undefined;
    return mergedFrom ? { mergedFrom, ...answer } : answer;
  }

  private async answer(before: RevisionEntity | null, after: RevisionEntity, limit: number): Promise<Record<string, unknown>> {
    const manager = this.dataSource.manager;
    const diff = await diffTrees(before?.rootPages ?? [], after.rootPages, nodeLoader(manager));
    const beforeFiles = new Set(before?.files ?? []);
    const afterFiles = new Set(after.files);
    const entryIds = [...[...beforeFiles].filter((id) => !afterFiles.has(id)), ...[...afterFiles].filter((id) => !beforeFiles.has(id))];
    const entries = entryIds.length > 0 ? await manager.findBy(FileEntryEntity, { id: In(entryIds) }) : [];
    const variables = variableChanges(before?.variables ?? {}, after.variables);
    const changes: Change[] = [
      ...pageChanges(diff),
      ...fileChanges(
        entries.filter((entry) => beforeFiles.has(entry.id)),
        entries.filter((entry) => afterFiles.has(entry.id)),
      ),
      ...reusableContentChanges(before?.reusableContents ?? [], after.reusableContents),
      ...(variables ? [{ type: 'variables_edited' as const, variables }] : []),
    ];
    const shown = changes.slice(0, limit);
    const markdown = await this.markdownOf(shown);
    const presented = [];
    for (const change of shown) presented.push(await this.present(change, markdown));
    return { changes: presented, more: changes.length - shown.length };
  }

  private async present(change: Change, markdown: Map<string, string>): Promise<Record<string, unknown>> {
    switch (change.type) {
      case 'page_created':
      case 'page_deleted':
        return { type: change.type, page: page(change.page) };
      case 'page_moved':
        return {
          type: change.type,
          page: page(change.page),
          parent: { ...(change.parentBefore ? { before: page(change.parentBefore) } : {}), ...(change.parentAfter ? { after: page(change.parentAfter) } : {}) },
        };
      case 'page_edited': {
        const attributes: Record<string, unknown> = {};
        for (const field of change.fields) {
          if (field === 'document') attributes['document'] = beforeAfter(bodyOf(change.before, markdown), bodyOf(change.after, markdown));
          else if (field === 'target') attributes['target'] = beforeAfter(urlRef(change.before.href), urlRef(change.after.href));
          else attributes[field] = beforeAfter(change.before[field] ?? undefined, change.after[field] ?? undefined);
        }
        return { type: change.type, page: page(change.after), attributes };
      }
      case 'file_created':
      case 'file_deleted':
        return { type: change.type, file: await this.file(change.file) };
      case 'file_edited': {
        const [before, after] = [await this.files.present(change.before as FileEntryEntity), await this.files.present(change.after as FileEntryEntity)];
        const attributes: Record<string, unknown> = {};
        for (const key of ['name', 'downloadURL', 'size', 'contentType', 'dimensions']) {
          if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) attributes[key] = beforeAfter(before[key], after[key]);
        }
        return { type: change.type, file: pick(after), attributes };
      }
      case 'reusable_content_created':
      case 'reusable_content_deleted':
        return { type: change.type, reusableContent: reusableContent(change.entry) };
      case 'reusable_content_edited': {
        const attributes: Record<string, unknown> = {};
        if (titleOf(change.before) !== titleOf(change.after)) attributes['title'] = beforeAfter(titleOf(change.before), titleOf(change.after));
        // Whatever else differs in the entry is reported as its document having changed.
        if (!sameButTitle(change.before, change.after)) attributes['document'] = beforeAfter(documentOf(change.before), documentOf(change.after));
        return { type: change.type, reusableContent: reusableContent(change.after), attributes };
      }
      case 'variables_edited':
        return {
          type: change.type,
          variables: Object.fromEntries(Object.entries(change.variables).map(([name, values]) => [name, beforeAfter(variableValue(values.before), variableValue(values.after))])),
        };
    }
  }

  private async file(version: FileVersion): Promise<Record<string, unknown>> {
    return pick(await this.files.present(version as FileEntryEntity));
  }

  /** The markdown of the bodies the shown `page_edited` changes compare, in one read of the blobs. */
  private async markdownOf(changes: Change[]): Promise<Map<string, string>> {
    const hashes = changes.flatMap((c) => (c.type === 'page_edited' && c.fields.includes('document') ? [c.before.documentHash, c.after.documentHash] : []));
    const wanted = [...new Set(hashes.filter((hash): hash is string => hash !== null))];
    if (wanted.length === 0) return new Map();
    const blobs = await this.blobs.getMany(wanted);
    return new Map([...blobs].map(([hash, bytes]) => [hash, documentToMarkdown(parseDocumentBytes(bytes))]));
  }

  private async revisions(ids: string[]): Promise<RevisionEntity[]> {
    const found = await this.dataSource.manager.findBy(RevisionEntity, { id: In(ids) });
    return ids.map((id) => {
      const revision = found.find((r) => r.id === id);
      if (!revision) throw new NotFoundException(`No revision has the id ${id}.`);
      return revision;
    });
  }
}

/** The reference's ChangedRevisionPage. */
function page(node: PageNodeInfo): Record<string, unknown> {
  return { id: node.pageId, type: node.type, title: node.title };
}

function pick(file: Record<string, unknown>): Record<string, unknown> {
  return { id: file['id'], name: file['name'], contentType: file['contentType'], downloadURL: file['downloadURL'] };
}

function beforeAfter(before: unknown, after: unknown): Record<string, unknown> {
  return { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) };
}

function bodyOf(node: PageNodeInfo, markdown: Map<string, string>): string {
  return node.documentHash === null ? '' : (markdown.get(node.documentHash) ?? '');
}

function urlRef(href: string | null): Record<string, unknown> | undefined {
  return href === null ? undefined : { kind: 'url', url: href };
}

function titleOf(entry: Record<string, unknown>): string {
  return typeof entry['title'] === 'string' ? entry['title'] : '';
}

/** A reusable content's document as the reference's string: the entry's own if a string, else its JSON. */
function documentOf(entry: Record<string, unknown>): string | undefined {
  const document = entry['document'];
  if (document === undefined) return undefined;
  return typeof document === 'string' ? document : JSON.stringify(document);
}

function sameButTitle(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return JSON.stringify({ ...a, title: null }) === JSON.stringify({ ...b, title: null });
}

function reusableContent(entry: Record<string, unknown>): Record<string, unknown> {
  const document = entry['document'];
  return { id: String(entry['id']), title: titleOf(entry), ...(typeof document === 'string' ? { document } : {}) };
}

/** The reference's VariableValue is a string, number or boolean; anything else is shown as its JSON. */
function variableValue(value: unknown): unknown {
  if (value === undefined) return undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);
}
