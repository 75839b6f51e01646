import { Inject, Injectable, Optional } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { PageTreeNode, PublishedContent } from '@docs/content';
import { APP_CONFIG, AppConfig, Clock, ROOT_LOGGER } from '@docs/platform';
import {
  firstDocumentUnder,
  pathSegments,
  PreviewChangeRequests,
  previewStructure,
  RedirectLocations,
  PublishedOrigin,
  publishedOriginOf,
  PublishedSiteDirectory,
  SITE_PREVIEW_PATH,
  SiteAudience,
  SiteLinks,
  SiteMounts,
  SiteSearch,
  SitePreviewGrants,
  Variant,
  VisitorAccess,
} from '@docs/sites';
import { ASSETS_PATH, renderErrorPage, SiteAssets } from '@docs/site-renderer';
import { parseCookies, serializeCookie } from '../access/visitor-cookies';
import { CachedResponse, cachedResponse, RenderCache } from '../cache/render-cache';

import { variantTitle } from '../pages/site-navigation';
import { PageTarget, SitePages, SiteView } from '../pages/site-pages';


import { acceptsBrotli, CONTENT_SECURITY_POLICY, previewContentSecurityPolicy, send, sendCached } from './responses';
import { SiteViewRecorder } from '../views/site-view-recorder';
import { SiteInsightsRecorder } from '../insights/site-insights-recorder';
import { InsightsEndpoint } from '../insights/insights-endpoint';
import { INSIGHTS_PATH, MCP_PATH } from '../routing/site-endpoints';
import { SiteMcpEndpoint } from '../mcp/site-mcp-endpoint';

/** The cookie holding a visitor's share key (scoped to the site's base path). */
export const SHARE_COOKIE = 'site_share';
/** The cookie holding a visitor's token of a visitor-auth site (scoped to the site's base path). */
export const VISITOR_COOKIE = 'site_visitor';

type GrantedAudience = Extract<SiteAudience, { access: 'granted' }>;

/** A page a search found, as the dialog shows it. */
export interface SearchHit {
  title: string;
  /** Root-relative. */
  url: string;
  /** The section and variant, in a site of several. */
  context?: string;
  excerpt?: string;
  sections: { title: string; url: string; excerpt: string }[];
}

/** Pages the search dialog shows at most. */
const SEARCH_RESULTS = 20;

/**
 * Every request of the site server: finds the site (by host and path), checks the visitor
 * (share key, visitor token: from the query once, then from HttpOnly cookies), resolves the page
 * and answers it from the render cache (strong ETags, 304s) or renders it. A site that does not
 * exist, is not published, or is not for this visitor, and a page the visitor may not see, all
 * get the very same 404.
 */
@Injectable()
export class SiteRequestHandler {
  private readonly published: PublishedOrigin;
  private readonly cache: RenderCache;
  private readonly notFound = cachedResponse(renderErrorPage({ status: 404 }), 'text/html; charset=utf-8');
  private readonly assets = SiteAssets.load();
  private readonly links = new WeakMap<SiteLinks['structure'], Map<string, SiteLinks>>();
  /** Previews are framed by the app (APP_URL): their pages' policy lets it. */
  private readonly previewPolicy: string;
  /** SITE_INSIGHTS: page views, searches, links out and feedback recorded. */
  private readonly recordInsights: boolean;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
    private readonly directory: PublishedSiteDirectory,
    private readonly mounts: SiteMounts,
    private readonly access: VisitorAccess,
    private readonly pages: SitePages,
    private readonly search: SiteSearch,
    private readonly content: PublishedContent,
    private readonly clock: Clock,
    private readonly views: SiteViewRecorder,
    private readonly previewGrants: SitePreviewGrants,
    private readonly redirectLocations: RedirectLocations,
    private readonly insights: SiteInsightsRecorder,
    private readonly insightsEndpoint: InsightsEndpoint,
    private readonly mcp: SiteMcpEndpoint,
    @Optional() private readonly changeRequests?: PreviewChangeRequests,
  ) {
    this.published = publishedOriginOf(config.urls.published);
    this.cache = new RenderCache(config.site.cacheBytes);
    this.previewPolicy = previewContentSecurityPolicy(new URL(config.urls.app).origin);
    this.recordInsights = config.site.insights;
  }

  /** The node:http request listener. */
  readonly listener = (req: IncomingMessage, res: ServerResponse): void => {
    if (this.logger.isLevelEnabled('info')) {
      const started = process.hrtime.bigint();
      // The path only: queries may carry share keys and visitor tokens.
      res.once('finish', () => this.logger.info({ method: req.method, path: (req.url ?? '').split('?')[0], status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }, 'site request'));
    }
    this.handle(req, res).catch((error: unknown) => {
      this.logger.error({ err: error, method: req.method, path: (req.url ?? '').split('?')[0] }, 'site request failed');
      if (!res.headersSent) send(req, res, 500, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Something went wrong on our side. Please try again.');
      else res.destroy();
    });
  };

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, query } = splitUrl(req.url ?? '/');
    // Readers only read; what they send (feedback, links followed) goes to the insights endpoints.
    // An MCP client's request: its credential is a bearer token, never a cookie or the query.
    const mcp = path.endsWith(`/${MCP_PATH}`);
    if (req.method !== 'GET' && req.method !== 'HEAD' && !(req.method === 'POST' && path.includes(`/${INSIGHTS_PATH}/`)) && !mcp) {
      send(req, res, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'Only GET and HEAD.');
      return;
    }

    // For load balancers and container health checks: the process serves.
    if (path === '/~site/health') {
      send(req, res, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }, 'ok');
      return;
    }
    // Static files first: no database, the same bytes under any base path.
    const assetAt = path.indexOf(`${ASSETS_PATH}/`);
    if (assetAt >= 0) {
      const asset = this.assets.get(decodeURIComponent(path.slice(assetAt + ASSETS_PATH.length + 1)));
      if (!asset) return this.sendNotFound(req, res);
      const headers = { 'Content-Type': asset.contentType, 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff', Vary: 'Accept-Encoding' };
      if (asset.br && acceptsBrotli(req)) send(req, res, 200, { ...headers, 'Content-Encoding': 'br' }, asset.br);
      else send(req, res, 200, headers, asset.body);
      return;
    }

    // Previews (a signed token in the path, from the api's getSitePublishingPreviewById): no site lookup by address.
    const previewPrefix = `${this.published.pathPrefix}/${SITE_PREVIEW_PATH}/`;
    if (path.startsWith(previewPrefix)) return this.preview(req, res, path, previewPrefix, query);

    const cookies = mcp ? new Map<string, string>() : parseCookies(req.headers.cookie);
    const bearer = mcp ? bearerToken(req) : undefined;
    const queryShare = mcp ? undefined : (query.get('share') ?? undefined);
    const queryToken = mcp ? undefined : (query.get('jwt_token') ?? undefined);
    const shareKey = mcp ? bearer : (queryShare ?? cookies.get(SHARE_COOKIE));
    const host = forwardedHost(req) ?? '';
    const mounted = await this.mounts.find(host, path, shareKey, { forwardedHostOnly: headerValue(req, 'x-forwarded-host') });
    if (!mounted) return this.sendNotFound(req, res);
    const { lookup, basePath, rest } = mounted;
    const { published } = lookup;
    const site = published.site;
    // PUBLISHED_URL's scheme holds on its host and its subdomains (organizations' sites).
    const secure =
      (forwardedProto(req) ?? (this.published.origin.startsWith('https:') && (host === this.published.host || host.endsWith(`.${this.published.host}`)) ? 'https' : 'http')) === 'https' || !!site.hostname || mounted.viaProxy;
    const cookiePath = basePath || '/';

    // A share key or a visitor token in the query: kept in a cookie, then the same URL without it.
    if (queryShare !== undefined || queryToken !== undefined) {
      const headers: Record<string, string | string[]> = {};
      const setCookies: string[] = [];
      if (queryShare !== undefined && site.visibility === 'share-link') {
        if (!lookup.shareKeyValid) return this.sendNotFound(req, res);
        setCookies.push(serializeCookie(SHARE_COOKIE, queryShare, { path: cookiePath, secure }));
      }
      if (queryToken !== undefined) {
        const audience = await this.access.audience(published, { shareKeyValid: lookup.shareKeyValid, visitorToken: queryToken });
        if (audience.access === 'login') return this.sendLogin(req, res, audience.fallbackUrl, basePath, rest, site.title, secure, cookiePath, true);
        if (audience.access === 'denied') return this.sendNotFound(req, res);
        if (audience.tokenExpiresAt) {
          const maxAge = audience.tokenExpiresAt - Math.floor(this.clock.now().getTime() / 1000);
          setCookies.push(serializeCookie(VISITOR_COOKIE, queryToken, { path: cookiePath, secure, maxAge }));
        }
      }
      query.delete('share');
      query.delete('jwt_token');
      if (setCookies.length > 0) headers['Set-Cookie'] = setCookies;
      const remaining = query.toString();
      headers.Location = `${path}${remaining ? `?${remaining}` : ''}`;
      headers['Cache-Control'] = 'no-store';
      headers['Referrer-Policy'] = 'no-referrer';
      send(req, res, 302, headers, '');
      return;
    }

    // Over MCP the one bearer token is the share link's key on a share-link site, else a visitor token.
    const visitorToken = mcp ? (site.visibility === 'share-link' ? undefined : bearer) : cookies.get(VISITOR_COOKIE);
    const audience = await this.access.audience(published, { shareKeyValid: lookup.shareKeyValid, visitorToken });
    if (mcp && audience.access === 'login') {
      send(req, res, 401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }, JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'This site needs a visitor token: send it as "Authorization: Bearer <token>".' }, id: null }));
      return;
    }
    if (audience.access === 'denied') {
      // A share key that stopped opening the site goes with its link.
      const clear = cookies.has(SHARE_COOKIE) ? { 'Set-Cookie': serializeCookie(SHARE_COOKIE, '', { path: cookiePath, secure, maxAge: 0 }) } : undefined;
      return this.sendNotFound(req, res, clear);
    }
    if (audience.access === 'login') return this.sendLogin(req, res, audience.fallbackUrl, basePath, rest, site.title, secure, cookiePath, visitorToken !== undefined);

    const links = this.linksOf(audience.structure, basePath);
    const view: SiteView = { published, audience, links, canonicalRoot: this.pages.canonicalRoot(published) };
    const personal = site.visibility === 'share-link' || site.visibility === 'visitor-auth' || visitorToken !== undefined;
    const cacheControl = personal ? 'private, no-cache' : 'public, no-cache';
    const headers: Record<string, string> = {
      'Cache-Control': cacheControl,
      Vary: 'Accept-Encoding, Cookie',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    };
    if (site.visibility !== 'public') headers['X-Robots-Tag'] = 'noindex';
    const keyBase = `${published.stamp}|${audience.key}|${basePath}|${view.canonicalRoot}`;

    const segments = pathSegments(rest) ?? [];
    const origin = `${secure ? 'https' : 'http'}://${host}`;
    if (segments[0] === '~site') return this.siteEndpoint(req, res, view, segments.slice(1), query, headers, origin);
    if (mcp) {
      if (rest !== `/${MCP_PATH}`) return this.sendNotFound(req, res);
      return this.mcp.handle(req, res, view, origin, (searched, words) => this.searchHits(searched, words));
    }
    if (req.method === 'POST') return this.sendNotFound(req, res);
    if (rest === '/robots.txt') return this.serve(req, res, `${keyBase}|robots`, headers, async () => this.pages.robots(view));
    if (rest === '/sitemap.xml') {
      if (site.visibility !== 'public') return this.sendNotFound(req, res);
      // For the anonymous audience: no visitor claims in what crawlers are told.
      const anonymous = await this.access.audience(published, { shareKeyValid: false });
      if (anonymous.access !== 'granted') return this.sendNotFound(req, res);
      const anonymousView: SiteView = { ...view, audience: anonymous, links: new SiteLinks(anonymous.structure, basePath) };
      return this.serve(req, res, `${published.stamp}|${anonymous.key}|${basePath}|${view.canonicalRoot}|sitemap`, headers, () => this.pages.sitemap(anonymousView));
    }
    if (rest === '/llms.txt' || rest === '/llms-full.txt') {
      if (site.agentsContext === 'excluded') return this.sendNotFound(req, res);
      return this.serve(req, res, `${keyBase}|${rest}`, headers, () => (rest === '/llms.txt' ? this.pages.llms(view) : this.pages.llmsFull(view)));
    }

    const served = await this.servePage(req, res, view, segments, path, query, headers, keyBase, CONTENT_SECURITY_POLICY, rest);
    // A page view, once the page is sent (a 304 too: the visitor is on the page): handed over, written later.
    if (served && req.method === 'GET') {
      const url = new URL(`${origin}${req.url ?? '/'}`);
      this.views.record(req, {
        organizationId: site.organizationId,
        siteId: site.id,
        siteSpaceId: served.variant.siteSpace.id,
        spaceId: served.variant.siteSpace.spaceId,
        pageId: served.page?.pageId,
        url,
      });
      if (this.recordInsights) this.insights.record(req, { type: 'page_view', ...this.insightsEndpoint.location(view, served.variant, served.page?.pageId), url });
    }
  }

  /**
   * The page at `segments` of the view (or the page as markdown: its URL plus `.md`), a group's
   * redirect to its first page, or the 404. Answers the variant and page it sent as HTML (a page
   * view), undefined for anything else.
   */
  private async servePage(
    req: IncomingMessage,
    res: ServerResponse,
    view: SiteView,
    segments: string[],
    path: string,
    query: URLSearchParams,
    headers: Record<string, string>,
    keyBase: string,
    policy: string,
    /** The path below the site's base as requested: what its redirects and its pages' former paths answer (none in previews). */
    redirectable?: string,
  ): Promise<{ variant: Variant; page: PageTreeNode | undefined } | undefined> {
    const { links } = view;
    const cacheControl = headers['Cache-Control'];
    const notFound = async () => {
      const location =
        redirectable === undefined
          ? undefined
          : await this.redirectLocations.of({
              siteId: view.published.site.id,
              structure: view.audience.structure,
              links,
              rest: redirectable,
              resolved: resolved && { variant: resolved.variant, pagePath },
              markdown: format === 'md',
              indexOf: async (variant) => (await this.pages.target(variant)).index,
            });
      if (!location) return this.sendNotFound(req, res);
      const search = query.toString();
      send(req, res, 301, { Location: `${location}${search ? `?${search}` : ''}`, 'Cache-Control': cacheControl }, '');
      return undefined;
    };
    if (path.length > 1 && path.endsWith('/')) {
      const search = query.toString();
      send(req, res, 308, { Location: `${path.replace(/\/+$/, '') || '/'}${search ? `?${search}` : ''}`, 'Cache-Control': cacheControl }, '');
      return undefined;
    }
    const resolved = links.resolve(segments);
    let pagePath = resolved?.pagePath.join('/') ?? '';
    let format: 'html' | 'md' = 'html';
    if (!resolved) return notFound();
    const base = await this.pages.target(resolved.variant);
    let page = pagePath === '' ? base.index.first : base.index.byPath.get(pagePath);
    if (!page && pagePath.endsWith('.md')) {
      pagePath = pagePath.slice(0, -3);
      page = base.index.byPath.get(pagePath);
      format = 'md';
    }
    if (pagePath !== '' && !page) return notFound();
    if (page && page.type === 'group') {
      const first = firstDocumentUnder(page);
      if (!first) return this.sendNotFound(req, res);
      const target = links.pageUrl(resolved.variant, first.path ?? '', first === base.index.first);
      send(req, res, 302, { Location: format === 'md' ? `${links.pageUrl(resolved.variant, first.path ?? '', false)}.md` : target, 'Cache-Control': cacheControl }, '');
      return undefined;
    }
    if (page && page.type !== 'document') return this.sendNotFound(req, res);
    const target: PageTarget = { ...base, page };
    const key = `${keyBase}|${resolved.variant.siteSpace.id}|${base.revision.id}|${page?.pageId ?? ''}|${pagePath === '' ? 'home' : 'path'}|${format}`;
    if (format === 'md') {
      await this.serve(req, res, key, headers, () => this.pages.markdown(view, target));
      return undefined;
    }
    headers['Content-Security-Policy'] = policy;
    await this.serve(req, res, key, headers, () => this.pages.page(view, target), view.published.site.organizationId);
    return { variant: resolved.variant, page };
  }

  /**
   * A preview (`{PUBLISHED_URL}/~site/preview/{token}/...`): the site space and change request
   * its token grants, whether the site is published or not, as the site's anonymous readers would
   * see it, under the token's path (its links, files and search stay in the preview). Never
   * cached by browsers or proxies, never indexed, framed by the app only; a token that is not
   * ours, expired, or names what no longer exists gets the same 404 as anything else.
   */
  private async preview(req: IncomingMessage, res: ServerResponse, path: string, prefix: string, query: URLSearchParams): Promise<void> {
    const after = path.slice(prefix.length);
    const token = after.split('/', 1)[0];
    const grant = this.previewGrants.verify(token, Math.floor(this.clock.now().getTime() / 1000));
    if (!grant) return this.sendNotFound(req, res);
    const lookup = await this.directory.forPreview(grant.site);
    if (!lookup) return this.sendNotFound(req, res);
    const changeRequest = grant.changeRequest ? await this.changeRequests?.head(grant.changeRequest) : undefined;
    if (grant.changeRequest && !changeRequest) return this.sendNotFound(req, res);
    const structure = previewStructure(lookup.published.structure, grant.siteSpace, changeRequest);
    if (!structure) return this.sendNotFound(req, res);
    const basePath = `${prefix}${token}`;
    const segments = pathSegments(path.slice(basePath.length) || '/');
    if (!segments) return this.sendNotFound(req, res);
    const audience: GrantedAudience = { access: 'granted', claims: { unsigned: {} }, structure, key: 'preview' };
    const view: SiteView = { published: lookup.published, audience, links: new SiteLinks(structure, basePath), canonicalRoot: this.pages.canonicalRoot(lookup.published) };
    const headers: Record<string, string> = {
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // The token is in the path: never sent on to the pages' external links.
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    };
    if (segments[0] === '~site') return this.siteEndpoint(req, res, view, segments.slice(1), query, headers, undefined);
    if (req.method === 'POST') return this.sendNotFound(req, res);
    await this.servePage(req, res, view, segments, path, query, headers, `preview|${lookup.published.stamp}|${basePath}|${view.canonicalRoot}`, this.previewPolicy);
  }

  /** The links of a visitor's structure under a base path (the same structure object while the site's state and the claims are the same). */
  private linksOf(structure: SiteLinks['structure'], basePath: string): SiteLinks {
    let byBase = this.links.get(structure);
    if (!byBase) {
      byBase = new Map();
      this.links.set(structure, byBase);
    }
    let links = byBase.get(basePath);
    if (!links) {
      links = new SiteLinks(structure, basePath);
      byBase.set(basePath, links);
    }
    return links;
  }

  /** A cached response of `key` (rendered when absent), with its ETag: a 304 when the visitor has it. */
  private async serve(req: IncomingMessage, res: ServerResponse, key: string, headers: Record<string, string>, render: () => Promise<CachedResponse>, specsOf?: string): Promise<void> {
    let entry = await this.cache.getOrRender(key, render);
    if (specsOf && entry.specs && !(await this.pages.specsCurrent(specsOf, entry))) {
      this.cache.delete(key);
      entry = await this.cache.getOrRender(key, render);
    }
    sendCached(req, res, entry, headers);
  }

  /**
   * The site's own endpoints: search (for the dialog), files, and what readers send (feedback,
   * links followed). `origin`: where the visitor is (the scheme and host of their URL); none in
   * previews, which record nothing.
   */
  private async siteEndpoint(req: IncomingMessage, res: ServerResponse, view: SiteView, segments: string[], query: URLSearchParams, headers: Record<string, string>, origin: string | undefined): Promise<void> {
    if (segments[0] === 'insights' && segments.length === 2 && req.method === 'POST' && this.recordInsights) return this.insightsEndpoint.handle(req, res, view, segments[1], origin);
    if (req.method === 'POST') return this.sendNotFound(req, res);
    if (segments[0] === 'search' && segments.length <= 2) return this.searchEndpoint(req, res, view, segments[1], query.get('q') ?? '', origin);
    if (segments[0] === 'files' && segments.length === 4) return this.fileEndpoint(req, res, view, segments[1], segments[2], headers);
    return this.sendNotFound(req, res);
  }

  private async searchEndpoint(req: IncomingMessage, res: ServerResponse, view: SiteView, siteSpaceId: string | undefined, query: string, origin: string | undefined): Promise<void> {
    const current = siteSpaceId ? view.links.variants.find((variant) => variant.siteSpace.id === siteSpaceId) : undefined;
    const { words, hits } = await this.searchHits(view, query, current);
    if (origin && this.recordInsights && query.trim() !== '') {
      // Where the reader searched from: the page they are on, else the site.
      let url = new URL(`${origin}${view.links.basePath || '/'}`);
      try {
        const from = new URL(String(req.headers.referer ?? ''), origin);
        if (from.origin === origin) url = from;
      } catch {
        // No page to name: the site's home.
      }
      this.insights.recordSearch(req, { type: 'search_type_query', ...this.insightsEndpoint.location(view, current), url, searchQuery: query.trim().slice(0, 512), searchResults: hits.length });
    }
    const body = JSON.stringify({ words, pages: hits.slice(0, SEARCH_RESULTS) });
    send(req, res, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' }, body);
  }

  /**
   * What a search finds for the visitor (the dialog's and the MCP search tool's): the pages, best
   * first, with their URLs (root-relative), where they are in a site of several variants, and
   * their matching sections. `current`: the variant searched besides each section's default.
   */
  async searchHits(view: SiteView, query: string, current?: Variant): Promise<{ words: string[]; hits: SearchHit[] }> {
    const { links } = view;
    const { words, results } = query.trim() === '' ? { words: [], results: [] } : await this.search.search(view.audience.structure, { mode: 'default', ...(current ? { currentSiteSpace: current.siteSpace.id } : {}) }, query.slice(0, 512), SEARCH_RESULTS);
    const hits: (SearchHit & { rank: number })[] = [];
    for (const result of results) {
      const variant = links.variants.find((v) => v.siteSpace.id === result.siteSpace.id);
      if (!variant) continue;
      const { index } = await this.pages.target(variant);
      const context = links.variants.length > 1 ? (variant.section ? `${variant.section.title} › ${variantTitle(variant)}` : variantTitle(variant)) : undefined;
      for (const hit of result.hits) {
        const page = index.byId.get(hit.pageId);
        const pageUrl = links.pageUrl(variant, hit.path, page === index.first);
        const intro = hit.sections.find((section) => section.anchor === null);
        hits.push({
          rank: hit.rank,
          title: hit.title,
          url: pageUrl,
          ...(context ? { context } : {}),
          ...(intro ? { excerpt: intro.excerpt } : {}),
          sections: hit.sections
            .filter((section) => section.anchor !== null)
            .map((section) => ({ title: section.title || hit.title, url: `${pageUrl}#${encodeURIComponent(section.anchor!)}`, excerpt: section.excerpt })),
        });
      }
    }
    hits.sort((a, b) => b.rank - a.rank);
    return { words, hits: hits.map(({ rank: _rank, ...hit }) => hit) };
  }

  /** A file of a space the visitor sees (its current revision's), by id and content hash: cached for good. */
  private async fileEndpoint(req: IncomingMessage, res: ServerResponse, view: SiteView, fileId: string, hash: string, headers: Record<string, string>): Promise<void> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return this.sendNotFound(req, res);
    const seen = new Set<string>();
    for (const variant of view.links.variants) {
      const revisionId = variant.siteSpace.space!.revisionId;
      if (seen.has(revisionId)) continue;
      seen.add(revisionId);
      const revision = (await this.content.revisions([revisionId])).get(revisionId);
      if (!revision) continue;
      const file = (await this.content.files(revision)).find((f) => f.fileId === fileId && f.blobHash === hash);
      if (!file) continue;
      const etag = `"${hash}"`;
      const fileHeaders: Record<string, string> = {
        'Content-Type': file.contentType,
        'Cache-Control': `${headers['Cache-Control'].startsWith('private') ? 'private' : 'public'}, max-age=31536000, immutable`,
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
        // An uploaded HTML or SVG file opened on its own cannot run script on the site's origin.
        'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        'Content-Disposition': `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      };
      if (ifNoneMatch(req, etag)) {
        send(req, res, 304, fileHeaders, '');
        return;
      }
      const stream = await this.content.stream(hash);
      if (!stream) return this.sendNotFound(req, res);
      res.writeHead(200, { ...fileHeaders, 'Content-Length': String(file.size) });
      if (req.method === 'HEAD') {
        stream.destroy();
        res.end();
        return;
      }
      stream.on('error', (error) => res.destroy(error));
      stream.pipe(res);
      return;
    }
    return this.sendNotFound(req, res);
  }

  /** A visitor-auth site without a valid token: its fallback URL (with where the visitor was going), else a 401 page. */
  private sendLogin(req: IncomingMessage, res: ServerResponse, fallbackUrl: string | undefined, basePath: string, rest: string, siteTitle: string, secure: boolean, cookiePath: string, clear: boolean): void {
    const headers: Record<string, string | string[]> = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };
    if (clear) headers['Set-Cookie'] = serializeCookie(VISITOR_COOKIE, '', { path: cookiePath, secure, maxAge: 0 });
    if (fallbackUrl) {
      const target = new URL(fallbackUrl);
      target.searchParams.set('location', `${basePath}${rest === '/' ? '' : rest}` || '/');
      send(req, res, 302, { ...headers, Location: target.toString() }, '');
      return;
    }
    send(req, res, 401, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }, renderErrorPage({ status: 401, siteTitle, homeUrl: basePath || '/' }));
  }

  private sendNotFound(req: IncomingMessage, res: ServerResponse, extra?: Record<string, string>): undefined {
    send(req, res, 404, { 'Content-Type': this.notFound.contentType, 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', ...extra }, this.notFound.body);
    return undefined;
  }
}

/** A request target's path (as sent: percent-encoded) and query; an absolute-form target (from a proxy) gives its path. */
function splitUrl(target: string): { path: string; query: URLSearchParams } {
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      return { path: url.pathname, query: url.searchParams };
    } catch {
      return { path: '', query: new URLSearchParams() };
    }
  }
  const mark = target.indexOf('?');
  return mark < 0 ? { path: target, query: new URLSearchParams() } : { path: target.slice(0, mark), query: new URLSearchParams(target.slice(mark + 1)) };
}

/** The token of `Authorization: Bearer <token>`, if any. */
function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** The first value of a header that proxies may repeat or list. */
function headerValue(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers[name];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0].trim() || undefined;
}

/** The host the visitor used: a proxy's X-Forwarded-Host (first value), else Host. */
function forwardedHost(req: IncomingMessage): string | undefined {
  return (headerValue(req, 'x-forwarded-host') ?? req.headers.host)?.toLowerCase();
}

function forwardedProto(req: IncomingMessage): string | undefined {
  const forwarded = req.headers['x-forwarded-proto'];
  const value = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  return value?.split(',')[0].trim().toLowerCase() || undefined;
}

/** Whether the request's If-None-Match names this ETag. */
export function ifNoneMatch(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
