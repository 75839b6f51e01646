import { Injectable } from '@nestjs/common';
import { PublishedContent } from '@docs/content';
import type { PageTreeIndex } from '../published/page-tree-index';
import type { SiteLinks, Variant } from '../published/site-routes';
import type { SiteStructure } from '../structure/site-structure';
import { PublishedRedirects } from './published-redirects';

/** What a path no page holds is asked from: the site, the visitor's view of it, and where the path was read. */
export interface RedirectQuestion {
  siteId: string;
  structure: SiteStructure;
  links: SiteLinks;
  /** The path below the site's base as requested (`/old/guide`). */
  rest: string;
  /** The variant the path named and the page path under it, if the path named a variant at all. */
  resolved?: { variant: Variant; pagePath: string };
  /** The path asked for the page as markdown (`<page URL>.md`): a moved page's new URL keeps it. */
  markdown: boolean;
  /** A variant's page tree, as the caller reads it (the site server's cache, the API fresh). */
  indexOf: (variant: Variant) => Promise<PageTreeIndex>;
}

/**
 * Where a path no page holds now leads, for this visitor (the site server's 301, the URL
 * resolution's redirect): the site's redirect of that source (to a section, a site space or a page
 * the visitor sees), else the page of the variant that was at that path before it was renamed or
 * moved (wherever it is now: one hop however many moves). Undefined: nothing, a 404.
 */
@Injectable()
export class RedirectLocations {
  constructor(
    private readonly redirects: PublishedRedirects,
    private readonly content: PublishedContent,
  ) {}

  async of(question: RedirectQuestion): Promise<string | undefined> {
    const { links, resolved } = question;
    const destination = await this.redirects.destination(question.siteId, question.rest.replace(/\/+$/, '') || '/');
    if (destination) {
      if (destination.kind === 'site-section') {
        const section = question.structure.sections.find((s) => s.id === destination.siteSectionId);
        const url = section && links.sectionUrl(section);
        if (url !== undefined) return url || '/';
      } else {
        const variant = links.variants.find((v) => v.siteSpace.id === destination.siteSpaceId);
        if (variant && destination.kind === 'site-space') return variant.url || '/';
        if (variant && destination.kind === 'site-page') {
          const index = await question.indexOf(variant);
          const page = index.byId.get(destination.pageId);
          if (page && page.type !== 'link') return links.pageUrl(variant, page.path ?? '', page === index.first);
        }
      }
    }
    if (!resolved || resolved.pagePath === '') return undefined;
    const { variant } = resolved;
    const pageId = await this.content.formerPage(variant.siteSpace.spaceId, variant.siteSpace.space!.revisionId, resolved.pagePath);
    if (!pageId) return undefined;
    const index = await question.indexOf(variant);
    const page = index.byId.get(pageId);
    if (!page || page.type === 'link' || page.path === null) return undefined;
    return question.markdown ? `${links.pageUrl(variant, page.path, false)}.md` : links.pageUrl(variant, page.path, page === index.first);
  }
}
