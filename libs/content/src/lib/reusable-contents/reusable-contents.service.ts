import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { newId } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import { type JSONDocument, emptyDocument } from '@docs/document-model';
import { BlobStore } from '../blobs/blob-store';
import { ContentReader } from '../content-reads/content-reader.service';
import type { ContentRead } from '../content-reads/content-reads.service';
import { ContentWriter, WriteOptions } from '../content-writes/content-writer.service';
import type { ContentHead } from '../heads/content-head';
import type { ContentTarget } from '../heads/content-target';
import { parseDocumentBytes } from '../page-bodies/page-document';
import { bodyDocument, storeDocument } from '../page-bodies/store-document-body';
import type { RevisionEntity } from '../revisions/revision.entity';
import type { CreateReusableContentDto } from './dto/create-reusable-content.dto';
import type { UpdateReusableContentDto } from './dto/update-reusable-content.dto';
import type { ReusableContentEntry } from './reusable-content-entry';

/** Who writes, and the `If-Match` condition (the content writer's options a caller chooses). */
export type ReusableContentWriteOptions = Pick<WriteOptions, 'actor' | 'ifMatch'>;

/** A write's answer: the revision the head is at after it, and the entry (none after a delete). */
export interface ReusableContentWriteResult {
  revision: RevisionEntity;
  reusableContent?: ReusableContentEntry;
}

/**
 * Reusable contents of any content target (reads) and any head (writes: the space's content, a
 * change request's). An entry lives in its revision's `reusable_contents` ({id, title, document:
 * blob hash}); its body is a content-addressed JSONDocument, like a page's. Each write is one
 * `ContentWriter.apply`: one revision.
 */
@Injectable()
export class ReusableContents {
  constructor(
    private readonly reader: ContentReader,
    private readonly writer: ContentWriter,
    private readonly blobs: BlobStore,
  ) {}

  /** The reference's `RevisionReusableContent` of the target's revision (404 when it has none with this id). */
  async get(target: ContentTarget, id: string): Promise<ContentRead<ReusableContentEntry>> {
    const revision = await this.requireRevision(target);
    return { revisionId: revision.id, body: requireEntry(revision, id) };
  }

  /** Its body: the reference's `JSONDocument` (an empty document when it has none). */
  async document(target: ContentTarget, id: string): Promise<ContentRead<JSONDocument>> {
    const revision = await this.requireRevision(target);
    const entry = requireEntry(revision, id);
    if (!entry.document) return { revisionId: revision.id, body: emptyDocument() };
    const bytes = (await this.blobs.getMany([entry.document])).get(entry.document);
    if (!bytes) throw new Error(`blob ${entry.document} of reusable content ${id} is missing`);
    return { revisionId: revision.id, body: parseDocumentBytes(bytes) };
  }

  async create(head: ContentHead, input: CreateReusableContentDto, options: ReusableContentWriteOptions): Promise<ReusableContentWriteResult> {
    const document = bodyDocument(input);
    if (document) assertNoNestedReusableContent(document);
    const { revision, result } = await this.writer.apply(head, { ...options, message: `Create reusable content "${input.title}"` }, async (draft, tx) => {
      const entry: ReusableContentEntry = { id: newId(), title: input.title, ...(await this.documentField(tx, document)) };
      draft.putReusableContent(entry);
      return async () => entry;
    });
    return { revision, reusableContent: result };
  }

  async update(head: ContentHead, id: string, input: UpdateReusableContentDto, options: ReusableContentWriteOptions): Promise<ReusableContentWriteResult> {
    const document = bodyDocument(input);
    if (document) assertNoNestedReusableContent(document);
    const { revision, result } = await this.writer.apply(head, { ...options, message: `Update reusable content ${id}` }, async (draft, tx) => {
      const current = draft.reusableContent(id);
      const entry: ReusableContentEntry =
        document === undefined
          ? { ...current, title: input.title ?? current.title }
          : { id, title: input.title ?? current.title, ...(await this.documentField(tx, document)) };
      draft.putReusableContent(entry);
      return async () => entry;
    });
    return { revision, reusableContent: result };
  }

  async delete(head: ContentHead, id: string, options: ReusableContentWriteOptions): Promise<ReusableContentWriteResult> {
    const { revision } = await this.writer.apply(head, { ...options, message: `Delete reusable content ${id}` }, async (draft) => {
      draft.removeReusableContent(id);
      return async () => undefined;
    });
    return { revision };
  }

  /** `{document: hash}` for a body with content, `{}` for an empty or absent one. */
  private async documentField(tx: EntityManager, document: JSONDocument | undefined): Promise<{ document?: string }> {
    const hash = document ? await storeDocument(this.blobs, tx, document) : null;
    return hash ? { document: hash } : {};
  }

  private async requireRevision(target: ContentTarget): Promise<RevisionEntity> {
    const revision = await this.reader.revision(target);
    if (!revision) throw new NotFoundException(`No revision has the id ${target.revisionId}.`);
    return revision;
  }
}

function requireEntry(revision: RevisionEntity, id: string): ReusableContentEntry {
  const entry = (revision.reusableContents as ReusableContentEntry[]).find((candidate) => candidate.id === id);
  if (!entry) throw new NotFoundException(`No reusable content has the id ${id}.`);
  return entry;
}

/** A reusable content is embedded in pages; one embedding another (possibly itself) is refused, as GitBook does. */
function assertNoNestedReusableContent(document: JSONDocument): void {
  const visit = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.some(visit);
    if (!value || typeof value !== 'object') return false;
    const node = value as Record<string, unknown>;
    if (node['object'] === 'block' && node['type'] === 'reusable-content') return true;
    return visit(node['nodes']) || visit(node['fragments']);
  };
  if (visit(document.nodes)) throw new BadRequestException('A reusable content cannot embed a reusable content (a reusable-content block in its body).');
}
