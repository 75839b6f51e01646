import { BadRequestException, Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { PageTreeNode, PublishedContent } from '@docs/content';
import { APP_CONFIG, AppConfig, Clock } from '@docs/platform';
import type { SiteSectionEntity } from '../sections/site-section.entity';
import type { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteEntity } from '../sites/site.entity';
import { SiteUrls } from '../sites/site-urls';
import { SITE_PREVIEW_PATH, SITE_PREVIEW_TTL_SECONDS, SitePreviewGrants } from '../previews/site-preview-grants';
import { firstDocumentUnder, indexTree } from '../published/page-tree-index';
import { pathSegments, PublishedOrigin, publishedOriginOf } from '../published/site-mount';
import { PublishedSiteDirectory } from '../published/published-site-directory';
import { PreviewChangeRequests } from '../previews/preview-change-requests';
import { previewStructure } from '../previews/preview-structure';
import type { SiteStructure } from '../structure/site-structure';
import { SiteMounts } from '../published/site-mounts';
import { SiteLinks, Variant } from '../published/site-routes';
import { RedirectLocations } from '../redirects/redirect-location';
import { VisitorAccess } from '../published/visitor-access';

/** What a visitor brings besides the URL: a visitor token (visitor-auth sites, claims elsewhere). */
export interface UrlVisitor {
  visitorToken?: string;
  /** Answer a visitor-auth site's fallback URL as a redirect when the token does not open it. */
  redirectOnError?: boolean;
}

/** A published URL resolved to what it shows. */
export interface PublishedUrlContent {
  kind: 'content';
  site: SiteEntity;
  section: SiteSectionEntity | null;
  siteSpace: SiteSpaceEntity;
  /** The page the URL shows (its site space's first page at the site space's own URL); undefined for a space without pages. */
  page?: PageTreeNode;
  revisionId: string;
  /** The page's path (no `.md`), '' at the site space's home. */
  pathname: string;
  /** Root-relative URL of the site space, ending with `/`. */
  basePath: string;
  /** Root-relative URL of the site, ending with `/`. */
  siteBasePath: string;
  shareKey?: string;
  /** No section or site space path can follow: the rest of a longer URL would be a page path. */
  complete: boolean;
  canonicalUrl: string;
  /** Names what the visitor's claims show (changes with them): only when a visitor token was given. */
  contextId?: string;
  /** A one-hour preview grant of the site space (`{PUBLISHED_URL}/~site/preview/{token}` shows its pages). */
  apiToken: string;
  /** A preview URL of a change request: the change request and the revision it shows. */
  changeRequest?: string;
  revision?: string;
}

/** Where the URL leads instead: a group page's first page (`content`), a visitor-auth site's fallback URL (`external`). */
export interface PublishedUrlRedirect {
  kind: 'redirect';
  target: 'content' | 'external';
  redirect: string;
}

export type PublishedUrlResolution = PublishedUrlContent | PublishedUrlRedirect;

const NOT_FOUND = 'No published content is at this URL for this visitor.';

/**
 * Resolves a URL of a published site to what the site server shows at it, with the site
 * server's own code: the site at the URL's host and path (`SiteMounts`: PUBLISHED_URL paths,
 * custom hostnames, proxies), who may see it (`VisitorAccess`: a share key in the URL's `share`,
 * a visitor token), the section and site space the path names (`SiteLinks`) and the page at the
 * rest of the path (the page tree index). Whatever the site server answers with its 404 (an
 * unknown or unpublished site, a share-link site without a valid key, a page that does not exist
 * or that the visitor's claims hide) is a 404 here, with one message for all.
 */
@Injectable()
export class PublishedUrlResolver {
  constructor(
    private readonly mounts: SiteMounts,
    private readonly access: VisitorAccess,
    private readonly content: PublishedContent,
    private readonly siteUrls: SiteUrls,
    private readonly grants: SitePreviewGrants,
    private readonly clock: Clock,
    private readonly redirectLocations: RedirectLocations,
    private readonly directory: PublishedSiteDirectory,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly changeRequests?: PreviewChangeRequests,
  ) {
    this.published = publishedOriginOf(config.urls.published);
  }

  private readonly published: PublishedOrigin;

  async resolve(input: string, visitor: UrlVisitor = {}): Promise<PublishedUrlResolution> {
    const url = parseHttpUrl(input);
    const previewPrefix = `${this.published.pathPrefix}/${SITE_PREVIEW_PATH}/`;
    if (url.host.toLowerCase() === this.published.host && url.pathname.startsWith(previewPrefix)) return this.resolvePreview(url, previewPrefix);
    const shareKey = url.searchParams.get('share') ?? undefined;
    const visitorToken = visitor.visitorToken ?? url.searchParams.get('jwt_token') ?? undefined;
    const mounted = await this.mounts.find(url.host, url.pathname, shareKey, { fresh: true });
    if (!mounted) throw new NotFoundException(NOT_FOUND);
    const { lookup, basePath, rest } = mounted;
    const { site } = lookup.published;
    const audience = await this.access.audience(lookup.published, { shareKeyValid: lookup.shareKeyValid, visitorToken });
    if (audience.access === 'denied') throw new NotFoundException(NOT_FOUND);
    if (audience.access === 'login') {
      if (visitor.redirectOnError && audience.fallbackUrl) {
        const target = new URL(audience.fallbackUrl);
        target.searchParams.set('location', `${basePath}${rest === '/' ? '' : rest}` || '/');
        return { kind: 'redirect', target: 'external', redirect: target.toString() };
      }
      throw new NotFoundException(`This URL is of a site for authenticated visitors: ${audience.reason}.`);
    }
    return this.resolveIn({
      site,
      structure: audience.structure,
      basePath,
      rest,
      shareKey: shareKeyOf(site, shareKey),
      redirects: true,
      ...(visitorToken !== undefined ? { contextId: audience.key } : {}),
    });
  }

  /**
   * A preview URL (`{PUBLISHED_URL}/~site/preview/{token}/...`): what the site server's preview
   * shows there (the site space its token grants, with the change request's content when it names
   * one), as long as the token is valid; canonical URLs are the page's on the live site.
   */
  private async resolvePreview(url: URL, prefix: string): Promise<PublishedUrlResolution> {
    const token = url.pathname.slice(prefix.length).split('/', 1)[0];
    const grant = this.grants.verify(token, Math.floor(this.clock.now().getTime() / 1000));
    const lookup = grant && (await this.directory.forPreview(grant.site));
    if (!grant || !lookup) throw new NotFoundException(NOT_FOUND);
    const changeRequest = grant.changeRequest ? await this.changeRequests?.head(grant.changeRequest) : undefined;
    if (grant.changeRequest && !changeRequest) throw new NotFoundException(NOT_FOUND);
    const structure = previewStructure(lookup.published.structure, grant.siteSpace, changeRequest);
    if (!structure) throw new NotFoundException(NOT_FOUND);
    const basePath = `${prefix}${token}`;
    const { site } = lookup.published;
    const live = new SiteLinks(lookup.published.structure, '');
    const liveVariant = live.variants.find((variant) => variant.siteSpace.id === grant.siteSpace);
    const canonicalRoot = this.siteUrls.canonical(site);
    return this.resolveIn({
      site,
      structure,
      basePath,
      rest: url.pathname.slice(basePath.length) || '/',
      redirects: false,
      previewOrigin: url.origin,
      ...(changeRequest ? { changeRequest: changeRequest.id, revision: changeRequest.revisionId } : {}),
      canonical: (pathname, isFirst) => (liveVariant ? `${canonicalRoot}${live.pageUrl(liveVariant, pathname, isFirst) || ''}` : `${url.origin}${basePath}/${pathname}`),
    });
  }

  /** The section, site space and page at `rest` of a site as `structure` shows it, under `basePath`. */
  private async resolveIn(at: {
    site: SiteEntity;
    structure: SiteStructure;
    basePath: string;
    rest: string;
    shareKey?: string;
    /** Whether a path no page holds may lead somewhere (the live site's redirects and moved pages; not in previews). */
    redirects: boolean;
    contextId?: string;
    changeRequest?: string;
    revision?: string;
    /** A preview's origin (PUBLISHED_URL's): where its own links lead. */
    previewOrigin?: string;
    /** The canonical URL of a page path of the variant (default: the same path on the site's canonical origin). */
    canonical?: (pathname: string, isFirst: boolean) => string;
  }): Promise<PublishedUrlResolution> {
    const { site, basePath, rest, shareKey } = at;
    const segments = pathSegments(rest);
    const links = new SiteLinks(at.structure, basePath);
    const resolved = segments && links.resolve(segments);
    const canonicalRoot = this.siteUrls.canonical(site);
    const absolute = (relative: string) => `${canonicalRoot}${relative.slice(basePath.length) === '/' ? '' : relative.slice(basePath.length)}`;
    const indexOf = async (variant: Variant) => {
      const revisionId = variant.siteSpace.space!.revisionId;
      const revision = (await this.content.revisions([revisionId])).get(revisionId);
      return revision ? indexTree(await this.content.tree(revision)) : undefined;
    };
    // A path no page holds: where the site server's 301 sends it (a redirect, a moved page), else a 404.
    const redirected = async (pagePath: string | undefined, markdown: boolean): Promise<PublishedUrlResolution> => {
      const location = !at.redirects
        ? undefined
        : await this.redirectLocations.of({
            siteId: site.id,
            structure: at.structure,
            links,
            rest,
            resolved: resolved && pagePath !== undefined ? { variant: resolved.variant, pagePath } : undefined,
            markdown,
            indexOf: async (variant) => (await indexOf(variant)) ?? indexTree([]),
          });
      if (location === undefined) throw new NotFoundException(NOT_FOUND);
      return { kind: 'redirect', target: 'content', redirect: withShare(absolute(location), shareKey) };
    };
    if (!resolved) return redirected(undefined, false);
    const { variant } = resolved;
    const revisionId = variant.siteSpace.space!.revisionId;
    const index = await indexOf(variant);
    if (!index) throw new NotFoundException(NOT_FOUND);
    let pathname = resolved.pagePath.join('/');
    let page = pathname === '' ? index.first : index.byPath.get(pathname);
    // The page as markdown (`<page URL>.md`) is the same page.
    let markdown = false;
    if (!page && pathname.endsWith('.md')) {
      pathname = pathname.slice(0, -3);
      page = index.byPath.get(pathname);
      markdown = true;
    }
    if (pathname !== '' && !page) return redirected(pathname, markdown);
    if (page && page.type === 'group') {
      // As the site server answers a group's URL: its first page (within the preview, for a preview).
      const first = firstDocumentUnder(page);
      if (!first) throw new NotFoundException(NOT_FOUND);
      const firstUrl = links.pageUrl(variant, first.path ?? '', first === index.first);
      return { kind: 'redirect', target: 'content', redirect: at.previewOrigin ? `${at.previewOrigin}${firstUrl}` : withShare(absolute(firstUrl), shareKey) };
    }
    if (page && page.type !== 'document') throw new NotFoundException(NOT_FOUND);
    const variantUrl = variant.url;
    const siteSpace = variant.siteSpace;
    const expires = Math.floor(this.clock.now().getTime() / 1000) + SITE_PREVIEW_TTL_SECONDS;
    const shownPath = page && pathname !== '' ? pathname : '';
    return {
      kind: 'content',
      site,
      section: variant.section,
      siteSpace,
      ...(page ? { page } : {}),
      revisionId,
      pathname,
      basePath: `${variantUrl}/`,
      siteBasePath: `${basePath}/`,
      ...(shareKey ? { shareKey } : {}),
      complete: pathname !== '' || !links.variants.some((other) => other !== variant && other.url.startsWith(`${variantUrl}/`)),
      canonicalUrl: at.canonical ? at.canonical(shownPath, shownPath === '') : absolute(shownPath ? links.pageUrl(variant, shownPath, false) : variantUrl || '/'),
      ...(at.contextId !== undefined ? { contextId: at.contextId } : {}),
      ...(at.changeRequest ? { changeRequest: at.changeRequest, revision: at.revision } : {}),
      apiToken: this.grants.issue({ site: site.id, siteSpace: siteSpace.id, expires }),
    };
  }
}

/** An absolute http(s) URL, else a 400 naming `url`. */
export function parseHttpUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new BadRequestException('url must be an absolute URL, e.g. https://docs.example.com/guide');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadRequestException('url must be an http or https URL.');
  return url;
}

function shareKeyOf(site: SiteEntity, shareKey: string | undefined): string | undefined {
  return site.visibility === 'share-link' ? shareKey : undefined;
}

function withShare(url: string, shareKey: string | undefined): string {
  return shareKey ? `${url}?share=${encodeURIComponent(shareKey)}` : url;
}
