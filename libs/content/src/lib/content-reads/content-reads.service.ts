import { Injectable, NotFoundException, Optional } from '@nestjs/common';
import type { ListEnvelope, SerializedJson } from '@docs/platform';
import { toListEnvelope } from '@docs/platform';
import { FilePresenter } from '../files/file.presenter';
import { MarkdownLinks } from '../exports/markdown-links.service';
import { FileReads } from '../files/file-reads.service';
import type { ContentTarget } from '../heads/content-target';
import type { RevisionEntity } from '../revisions/revision.entity';
import { ContentReader, PageTreeNode } from './content-reader.service';
import { MergeSource } from './merge-source';
import type { DocumentFormat } from './dto/content-query.dto';
import { BodyFormat, PagePresenter } from './page.presenter';
import { PageTreeCache } from './page-tree-cache';
import { KeptPageSources } from '../page-sources/kept-page-sources.service';
import { RevisionPresenter } from './revision.presenter';

/** A read's answer and the revision it read (its id is the `ETag`). */
export interface ContentRead<T> {
  revisionId: string;
  body: T;
}

/**
 * Which bodies a read gives. Trees (`revision`, `pages`): `bodies` for every page. One page
 * (`page`, `pageByPath`): its own body in the format asked, `childBodies` for its child pages.
 * The HTTP reads give trees and child pages without bodies (`none`) unless the client opts in
 * (docs/api-decisions.md, "Space content"); the defaults here keep every body, as callers of
 * these services (the site renderer) had them.
 */
export interface BodyOptions {
  bodies?: BodyFormat;
  childBodies?: BodyFormat;
}

/** The content reads of any target (current content, a revision, a change request), presented. */
@Injectable()
export class ContentReads {
  constructor(
    private readonly reader: ContentReader,
    private readonly files: FileReads,
    private readonly pagePresenter: PagePresenter,
    private readonly revisions: RevisionPresenter,
    private readonly filePresenter: FilePresenter,
    private readonly links: MarkdownLinks,
    private readonly trees: PageTreeCache,
    private readonly kept: KeptPageSources,
    @Optional() private readonly mergeSource?: MergeSource,
  ) {}

  async revision(target: ContentTarget, options: BodyOptions = {}): Promise<ContentRead<Record<string, unknown>>> {
    const revision = await this.requireRevision(target);
    const tree = await this.reader.tree(revision);
    const pages = await this.presentPages(target, tree, options.bodies ?? 'document');
    const files = await Promise.all((await this.files.all(revision)).map((file) => this.filePresenter.present(file)));
    const body = this.revisions.present(revision, pages, files);
    if (revision.type === 'merge' && this.mergeSource) {
      const mergedFrom = await this.mergeSource.mergedFrom(revision);
      if (mergedFrom) body['mergedFrom'] = mergedFrom;
    }
    return { revisionId: revision.id, body };
  }

  async pages(target: ContentTarget, options: BodyOptions = {}): Promise<ContentRead<{ pages: Record<string, unknown>[] }>> {
    const revision = await this.requireRevision(target);
    return { revisionId: revision.id, body: { pages: await this.presentPages(target, await this.reader.tree(revision), options.bodies ?? 'document') } };
  }

  /**
   * `{pages}` without bodies, serialized: what the HTTP tree reads answer by default. Built once
   * per revision (`PageTreeCache`); a revision id that is not the target space's is a 404, as in
   * `pages`.
   */
  async pageTree(target: ContentTarget): Promise<ContentRead<SerializedJson>> {
    const tree = await this.trees.get(target.spaceId, target.revisionId, async () => (await this.pages(target, { bodies: 'none' })).body);
    return { revisionId: target.revisionId, body: tree };
  }

  async page(target: ContentTarget, pageId: string, format: DocumentFormat = 'document', options: BodyOptions = {}): Promise<ContentRead<Record<string, unknown>>> {
    const page = await this.reader.page(target, pageId);
    if (!page) throw new NotFoundException(`No page has the id ${pageId}.`);
    return { revisionId: target.revisionId, body: (await this.presentPages(target, [page], format, options.childBodies))[0] };
  }

  async pageByPath(target: ContentTarget, path: string, format: DocumentFormat = 'document', options: BodyOptions = {}): Promise<ContentRead<Record<string, unknown>>> {
    const page = await this.reader.pageByPath(target, path);
    if (!page || page.type === 'link') throw new NotFoundException(`No page has the path ${path}.`);
    return { revisionId: target.revisionId, body: (await this.presentPages(target, [page], format, options.childBodies))[0] };
  }

  async fileList(target: ContentTarget, query: { page?: string; limit?: number }): Promise<ContentRead<ListEnvelope<Record<string, unknown>>>> {
    const revision = await this.requireRevision(target);
    const page = await this.files.list(revision, { ...query, scope: `files:${target.spaceId}:${revision.id}` });
    const presented = await Promise.all(page.items.map((file) => this.filePresenter.present(file)));
    return { revisionId: revision.id, body: toListEnvelope({ ...page, items: presented }, (item) => item) };
  }

  async file(target: ContentTarget, fileId: string): Promise<ContentRead<Record<string, unknown>>> {
    const revision = await this.requireRevision(target);
    const file = await this.files.get(revision, fileId);
    if (!file) throw new NotFoundException(`No file has the id ${fileId}.`);
    return { revisionId: revision.id, body: await this.filePresenter.present(file) };
  }

  /** Reads only the bodies it gives: a tree without bodies reads no blob, whatever the pages' text. */
  private async presentPages(target: ContentTarget, pages: PageTreeNode[], format: BodyFormat, childFormat: BodyFormat = format) {
    const documents =
      childFormat !== 'none' ? await this.reader.documents(pages) : format !== 'none' ? await this.reader.documents(pages.map((page) => ({ ...page, pages: [] }))) : new Map();
    // Markdown writes references as the relative paths of the revision's layout.
    // Imported pages whose rendering is unchanged read back as their files (`KeptPageSources`):
    // their kept sources looked up in one statement, beside the links.
    const markdown = format === 'markdown' || childFormat === 'markdown';
    const [links, kept] = markdown
      ? await Promise.all([this.links.ofTarget(target), this.kept.lookup(target.spaceId, markdownPageIds(pages, format, childFormat))])
      : [undefined, undefined];
    const presented = pages.map((page) => this.pagePresenter.present(page, { spaceId: target.spaceId, format, childFormat, documents, links }));
    if (kept) await this.kept.restore(presented, kept);
    return presented;
  }

  private async requireRevision(target: ContentTarget): Promise<RevisionEntity> {
    const revision = await this.reader.revision(target);
    if (!revision) throw new NotFoundException(`No revision has the id ${target.revisionId}.`);
    return revision;
  }
}

/** The ids of the pages a read gives as markdown: the pages themselves, their descendants by `childFormat`. */
function markdownPageIds(pages: PageTreeNode[], format: BodyFormat, childFormat: BodyFormat): string[] {
  const ids: string[] = [];
  const below = (nodes: PageTreeNode[]) => nodes.forEach((node) => (ids.push(node.pageId), below(node.pages)));
  for (const page of pages) {
    if (format === 'markdown') ids.push(page.pageId);
    if (childFormat === 'markdown') below(page.pages);
  }
  return ids;
}
