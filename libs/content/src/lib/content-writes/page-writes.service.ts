import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { Caller } from '@docs/identity';
import type { EntityManager } from 'typeorm';
import { ContentAccess } from '../access/content-access';
import { BlobStore } from '../blobs/blob-store';
import { ContentReader } from '../content-reads/content-reader.service';
import { MarkdownLinks } from '../exports/markdown-links.service';
import { KeptPageSources } from '../page-sources/kept-page-sources.service';
import type { DocumentFormat } from '../content-reads/dto/content-query.dto';
import { PagePresenter } from '../content-reads/page.presenter';
import type { ContentHead } from '../heads/content-head';
import { SpaceContentHead } from '../heads/space-content-head';
import { bodyDocument, storeDocument } from '../page-bodies/store-document-body';
import { canonicalVariables } from '../pages/page-node-row';
import { requireVariables } from '../variables/variable-rules';
import type { RevisionEntity } from '../revisions/revision.entity';
import type { ContentDraft, PageChanges } from './content-draft';
import { ContentWriter } from './content-writer.service';
import type { CreatePageDto } from './dto/create-page.dto';
import type { MovePageDto } from './dto/move-page.dto';
import type { UpdatePageDto } from './dto/update-page.dto';

/** A write's answer: the revision the head is at after it, and the page as the reference shapes it (none after a delete). */
export interface PageWriteResult {
  revision: RevisionEntity;
  page?: Record<string, unknown>;
}

export interface PageWriteOptions {
  caller: Caller;
  ifMatch?: string[];
  format?: DocumentFormat;
}

/**
 * The page writes (create, update, delete, move) of any content head: a space's content here,
 * a change request's next. Each is one `ContentWriter.apply`: one transaction, one revision.
 */
@Injectable()
export class PageWritesService {
  constructor(
    private readonly access: ContentAccess,
    private readonly writer: ContentWriter,
    private readonly reader: ContentReader,
    private readonly presenter: PagePresenter,
    private readonly blobs: BlobStore,
    private readonly links: MarkdownLinks,
    private readonly kept: KeptPageSources,
  ) {}

  /** The head of a space's content, for a caller with the edit level on it (404/403 otherwise). */
  async spaceHead(spaceId: string, caller: Caller): Promise<SpaceContentHead> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'edit', 'edit its content');
    return new SpaceContentHead(space.id, space.organizationId);
  }

  async create(head: ContentHead, input: CreatePageDto, options: PageWriteOptions): Promise<PageWriteResult> {
    const type = input.type ?? 'document';
    if (type !== 'link' && input.href !== undefined) throw new BadRequestException('href is only for link pages (type "link").');
    if (type === 'link' && input.href === undefined) throw new BadRequestException('href is required for a link page.');
    if (type !== 'document' && (input.markdown !== undefined || input.document !== undefined)) {
      throw new BadRequestException(`A ${type} page has no body: markdown and document are only for document pages.`);
    }
    if (type === 'link' && input.slug !== undefined) throw new BadRequestException('A link page has no slug.');
    const variables = pageVariables(input.variables, type);
    const { revision, result } = await this.writer.apply(head, this.writeOptions(options, `Create page "${input.title}"`), async (draft, tx) => {
      const documentHash = type === 'document' ? ((await this.body(tx, draft, input, { parent: input.parent ?? null })) ?? null) : null;
      const pageId = await draft.createPage({
        parent: input.parent ?? null,
        position: input.position,
        slug: input.slug,
        fields: {
          type,
          title: input.title,
          emoji: input.emoji || null,
          description: input.description || null,
          hidden: input.hidden ?? false,
          noIndex: input.noIndex ?? false,
          href: type === 'link' ? (input.href ?? null) : null,
          documentHash,
          variables,
        },
      });
      return this.answer(head, pageId, options.format);
    });
    return { revision, page: result };
  }

  async update(head: ContentHead, pageId: string, input: UpdatePageDto, options: PageWriteOptions): Promise<PageWriteResult> {
    const { revision, result } = await this.writer.apply(head, this.writeOptions(options, `Update page ${pageId}`), async (draft, tx) => {
      const page = await draft.page(pageId);
      const type = input.type ?? page.fields.type;
      if (type !== 'document' && (input.markdown !== undefined || input.document !== undefined)) {
        throw new BadRequestException(`A ${type} page has no body: markdown and document are only for document pages.`);
      }
      if (type !== 'link' && input.href !== undefined) throw new BadRequestException('href is only for link pages (type "link").');
      if (type === 'link' && input.slug !== undefined) throw new BadRequestException('A link page has no slug.');
      const variables = pageVariables(input.variables, type);
      const changes: PageChanges = {
        type: input.type,
        title: input.title,
        slug: input.slug,
        emoji: input.emoji === undefined ? undefined : input.emoji || null,
        description: input.description === undefined ? undefined : input.description || null,
        hidden: input.hidden,
        noIndex: input.noIndex,
        href: input.href,
        documentHash: await this.body(tx, draft, input, { pageId }),
        variables,
      };
      await draft.updatePage(pageId, changes);
      return this.answer(head, pageId, options.format);
    });
    return { revision, page: result };
  }

  async delete(head: ContentHead, pageId: string, options: PageWriteOptions): Promise<PageWriteResult> {
    const { revision } = await this.writer.apply(head, this.writeOptions(options, `Delete page ${pageId}`), async (draft: ContentDraft) => {
      await draft.deletePage(pageId);
      return async () => undefined;
    });
    return { revision };
  }

  async move(head: ContentHead, pageId: string, input: MovePageDto, options: PageWriteOptions): Promise<PageWriteResult> {
    if (input.parent === undefined && input.position === undefined) {
      throw new BadRequestException('Give parent, position or both: where the page goes.');
    }
    const { revision, result } = await this.writer.apply(head, this.writeOptions(options, `Move page ${pageId}`), async (draft) => {
      await draft.movePage(pageId, { parent: input.parent, position: input.position });
      return this.answer(head, pageId, options.format);
    });
    return { revision, page: result };
  }

  private writeOptions(options: PageWriteOptions, message: string) {
    return { ifMatch: options.ifMatch, actor: options.caller.userId, message };
  }

  /**
   * Stores the body given as markdown or document (and hands the document to the write's indexers
   * so that they do not parse it again); undefined when neither is given, null when empty. A
   * markdown body's relative links are read from the page's file (`at`), as a page read writes
   * them and an import reads them.
   */
  private async body(
    tx: EntityManager,
    draft: ContentDraft,
    input: { markdown?: string; document?: Record<string, unknown> },
    at: { pageId: string } | { parent: string | null },
  ): Promise<string | null | undefined> {
    const links = input.markdown !== undefined && input.document === undefined ? await this.links.forWrite(draft.base, at, tx) : undefined;
    const document = bodyDocument(input, links);
    if (!document) return undefined;
    const hash = await storeDocument(this.blobs, tx, document);
    if (hash) draft.documents.remember(hash, document);
    return hash;
  }

  /** Presents the page from the head's index as the write left it, inside the write's transaction. */
  private answer(head: ContentHead, pageId: string, format: DocumentFormat = 'document') {
    return async (tx: EntityManager, revision: RevisionEntity) => {
      const target = { organizationId: head.organizationId, spaceId: head.spaceId, revisionId: revision.id, headKey: head.key };
      const page = await this.reader.page(target, pageId, tx);
      if (!page) throw new NotFoundException(`No page has the id ${pageId}.`);
      // Its own body, as a page read gives it; its child pages without theirs.
      const documents = await this.reader.documents([{ ...page, pages: [] }], tx);
      if (format !== 'markdown') return this.presenter.present(page, { spaceId: head.spaceId, format, childFormat: 'none', documents });
      // One after the other: both run on the transaction's one connection.
      const links = await this.links.ofTarget(target, tx);
      const kept = await this.kept.lookup(head.spaceId, [pageId], tx);
      const presented = this.presenter.present(page, { spaceId: head.spaceId, format, childFormat: 'none', documents, links });
      // A write that leaves the page's rendering as imported (a title's case, a body sent back unchanged) answers its file too.
      await this.kept.restore([presented], kept, tx);
      return presented;
    };
  }
}

/** A page's `variables` as given (checked like the revision's), stored canonical; undefined when absent. */
function pageVariables(input: Record<string, unknown> | undefined, type: string): string | null | undefined {
  if (input === undefined) return undefined;
  if (type !== 'document') throw new BadRequestException(`A ${type} page has no variables: they are only for document pages.`);
  return canonicalVariables(requireVariables(input, 'variables'));
}
