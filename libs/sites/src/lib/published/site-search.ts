import { BadRequestException, Injectable } from '@nestjs/common';
import { PageTreeNode, PublishedContent } from '@docs/content';
import type { SiteSectionEntity } from '../sections/site-section.entity';
import type { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteStructure } from '../structure/site-structure';

/** Which site spaces a search covers (the reference's `SiteSearchScope`). */
export type SiteSearchScope =
  | { mode: 'default'; currentSiteSpace?: string; includedSiteSpaces?: string[] }
  | { mode: 'all' }
  | { mode: 'specific'; siteSpaceIds: string[] };

export interface SiteSearchHit {
  pageId: string;
  /** Relevance (`ts_rank`): comparable across the spaces of one search. */
  rank: number;
  title: string;
  path: string;
  sections: { anchor: string | null; title: string; excerpt: string }[];
}

export interface SiteSpaceResults {
  siteSpace: SiteSpaceEntity;
  /** Its section (null at the root of a site without sections). */
  section: SiteSectionEntity | null;
  hits: SiteSearchHit[];
}

/**
 * Search over what a visitor may see of a published site: the site spaces of the scope among
 * those the visitor's structure shows, each space's current content (content's full-text index),
 * leaving out hidden pages and those under one (the site does not list them). Used by the API's
 * `searchSiteContent` and by the site's own search dialog, so both answer the same.
 */
@Injectable()
export class SiteSearch {
  /** Listed pages of a tree (document pages neither hidden nor under a hidden page), per tree. */
  private readonly listed = new WeakMap<PageTreeNode[], Set<string>>();

  constructor(private readonly content: PublishedContent) {}

  /** The site spaces a scope covers, in structure order; `specific` ids the visitor cannot see are a 400 naming them. */
  scoped(structure: SiteStructure, scope: SiteSearchScope): { siteSpace: SiteSpaceEntity; section: SiteSectionEntity | null }[] {
    const entries: { siteSpace: SiteSpaceEntity; section: SiteSectionEntity | null }[] = [];
    if (structure.sections.length === 0) for (const siteSpace of structure.siteSpaces.get('') ?? []) entries.push({ siteSpace, section: null });
    for (const section of structure.sections) for (const siteSpace of structure.siteSpaces.get(section.id) ?? []) entries.push({ siteSpace, section });
    if (scope.mode === 'all') return entries;
    if (scope.mode === 'specific') {
      const unknown = scope.siteSpaceIds.filter((id) => !entries.some((entry) => entry.siteSpace.id === id));
      if (unknown.length > 0) throw new BadRequestException(`siteSpaceIds: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a site space' : 'are not site spaces'} of this site.`);
      return entries.filter((entry) => scope.siteSpaceIds.includes(entry.siteSpace.id));
    }
    if (scope.currentSiteSpace !== undefined && !entries.some((entry) => entry.siteSpace.id === scope.currentSiteSpace)) {
      throw new BadRequestException(`scope.currentSiteSpace: ${scope.currentSiteSpace} is not a site space of this site.`);
    }
    const included = scope.includedSiteSpaces ?? [];
    const unknownIncluded = included.filter((id) => !entries.some((entry) => entry.siteSpace.id === id));
    if (unknownIncluded.length > 0) throw new BadRequestException(`scope.includedSiteSpaces: ${unknownIncluded.join(', ')} ${unknownIncluded.length === 1 ? 'is not a site space' : 'are not site spaces'} of this site.`);
    return entries.filter((entry) => entry.siteSpace.isDefault || entry.siteSpace.id === scope.currentSiteSpace || included.includes(entry.siteSpace.id));
  }

  /** The best `perSpace` listed pages of each site space of the scope that has any, in structure order; and the query's words. */
  async search(structure: SiteStructure, scope: SiteSearchScope, query: string, perSpace: number): Promise<{ words: string[]; results: SiteSpaceResults[] }> {
    const entries = this.scoped(structure, scope);
    // A space published twice (two site spaces) is searched once; its first site space shows it.
    const bySpace = new Map<string, { siteSpace: SiteSpaceEntity; section: SiteSectionEntity | null }>();
    for (const entry of entries) if (!bySpace.has(entry.siteSpace.spaceId)) bySpace.set(entry.siteSpace.spaceId, entry);
    // Each space's index is its head's: the space's own, or the change request's a preview shows.
    const headOf = (spaceId: string) => structure.contentHeads?.get(spaceId) ?? spaceId;
    const spaceOfHead = new Map([...bySpace.keys()].map((spaceId) => [headOf(spaceId), spaceId]));
    const spaces = [...bySpace.values()].map(({ siteSpace }) => ({ id: headOf(siteSpace.spaceId), language: siteSpace.space?.language ?? null }));
    // Some of the best may be hidden pages: ask for more than shown.
    const { words, matches: headMatches } = await this.content.searchSpaces(spaces, query, perSpace * 2 + 5);
    const matches = headMatches.map((match) => ({ ...match, headKey: spaceOfHead.get(match.headKey) ?? match.headKey }));
    const revisions = await this.content.revisions([...bySpace.values()].map(({ siteSpace }) => siteSpace.space!.revisionId));
    const listed = new Map<string, Set<string>>();
    for (const { siteSpace } of bySpace.values()) {
      const revision = revisions.get(siteSpace.space!.revisionId);
      listed.set(siteSpace.spaceId, revision ? this.listedPages(await this.content.tree(revision)) : new Set());
    }
    const hits = new Map<string, SiteSearchHit[]>();
    for (const match of matches) {
      if (!listed.get(match.headKey)?.has(match.pageId)) continue;
      const list = hits.get(match.headKey) ?? [];
      if (list.length >= perSpace) continue;
      list.push({ pageId: match.pageId, rank: match.rank, title: match.title, path: match.path, sections: match.sections });
      hits.set(match.headKey, list);
    }
    const results = [...bySpace.values()].filter(({ siteSpace }) => hits.has(siteSpace.spaceId)).map((entry) => ({ ...entry, hits: hits.get(entry.siteSpace.spaceId)! }));
    return { words, results };
  }

  private listedPages(tree: PageTreeNode[]): Set<string> {
    let set = this.listed.get(tree);
    if (!set) {
      const out = new Set<string>();
      const walk = (pages: PageTreeNode[]) => {
        for (const page of pages) {
          if (page.hidden) continue;
          if (page.type === 'document') out.add(page.pageId);
          walk(page.pages);
        }
      };
      walk(tree);
      set = out;
      this.listed.set(tree, set);
    }
    return set;
  }
}
