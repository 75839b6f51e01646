import { Injectable } from '@nestjs/common';
import type { OrganizationDto } from '@docs/identity';
import { urlFromRef, type JSONDocument } from '@docs/document-model';
import type { ContentRef } from '@gitbook/api';
import type { PageTreeNode } from '../content-reads/content-reader.service';
import { PagePresenter } from '../content-reads/page.presenter';
import type { SpaceDto } from '../spaces/space.dto';

/** A link target as grouped from `page_links`, with its status. */
export interface LinkTargetRow {
  target_key: string;
  relation: 'reference' | 'dependsOn';
  kind: string;
  target_space: string | null;
  target_page: string | null;
  target_path: string | null;
  raw_path: string | null;
  target_file: string | null;
  anchor: string | null;
  url: string | null;
  status: 'ok' | 'broken' | 'in-app';
}

/** What the locations of one answer are presented with: loaded once per answer. */
export interface LocationContext {
  organization: OrganizationDto;
  /** Spaces the caller can see, by id (the head's own space always). */
  spaces: Map<string, SpaceDto>;
  /** Pages by `<space id>:<page id>` (children left out), and their bodies. */
  pages: Map<string, PageTreeNode>;
  documents: Map<string, JSONDocument>;
  /** Files of the head's revision by id, presented. */
  files: Map<string, Record<string, unknown>>;
}

/**
 * Links and backlinks -> the reference's `ContentReferenceUsage` and `ContentLocation`. Pages in
 * locations are `RevisionPage`s without their child pages (`pages: []`). A target that cannot be
 * shown as a location (missing, or in a space the caller cannot see) is a `url` location holding
 * the link as markdown writes it (`ref:page/<id>#anchor`, the relative path, ...).
 */
@Injectable()
export class LinkPresenter {
  constructor(private readonly pages: PagePresenter) {}

  pageLocation(context: LocationContext, spaceId: string, pageId: string, anchor: string | null): Record<string, unknown> | undefined {
    const space = context.spaces.get(spaceId);
    const page = context.pages.get(`${spaceId}:${pageId}`);
    if (!space || !page) return undefined;
    return {
      kind: 'page',
      organization: context.organization,
      space,
      page: this.pages.present(page, { spaceId, format: 'none', documents: context.documents }),
      ...(anchor ? { internalLocation: { type: 'anchor', anchor } } : {}),
    };
  }

  usage(context: LocationContext, headSpaceId: string, target: LinkTargetRow, locations: Record<string, unknown>[]): Record<string, unknown> {
    const reference = this.targetReference(context, headSpaceId, target);
    return { status: target.status, relation: target.relation, ...(reference ? { targetReference: reference } : {}), locationReferences: locations };
  }

  private targetReference(context: LocationContext, headSpaceId: string, target: LinkTargetRow): Record<string, unknown> | undefined {
    switch (target.kind) {
      case 'url':
        return { kind: 'url', url: target.url };
      case 'page': {
        const spaceId = target.target_space ?? headSpaceId;
        const location = this.pageLocation(context, spaceId, target.target_page as string, target.anchor);
        if (location) return location;
        const ref: ContentRef = target.anchor
          ? { kind: 'anchor', anchor: target.anchor, page: target.target_page as string, ...(target.target_space ? { space: target.target_space } : {}) }
          : { kind: 'page', page: target.target_page as string, ...(target.target_space ? { space: target.target_space } : {}) };
        return { kind: 'url', url: urlFromRef(ref) };
      }
      case 'path': {
        const pageId = target.target_page;
        const location = pageId ? this.pageLocation(context, headSpaceId, pageId, target.anchor) : undefined;
        return location ?? { kind: 'url', url: `${target.raw_path ?? ''}${target.anchor ? `#${target.anchor}` : ''}` };
      }
      case 'file': {
        const file = context.files.get(target.target_file as string);
        const space = context.spaces.get(headSpaceId);
        if (file && space) return { kind: 'file', organization: context.organization, space, file };
        return { kind: 'url', url: urlFromRef({ kind: 'file', file: target.target_file as string }) };
      }
      case 'space': {
        const space = context.spaces.get(target.target_space as string);
        if (space) return { kind: 'space', organization: context.organization, space };
        return { kind: 'url', url: urlFromRef({ kind: 'space', space: target.target_space as string }) };
      }
      default:
        return undefined;
    }
  }
}
