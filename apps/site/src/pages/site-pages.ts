import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { PageTreeNode, PublishedContent, RevisionEntity } from '@docs/content';
import { documentToMarkdown, JSONDocument } from '@docs/document-model';
import { PublishedSite, SiteAudience, SiteUrls, VisitorAccess } from '@docs/sites';
import {
  llmsFullTxt,
  LlmsSection,
  llmsTxt,
  OpenApiDocument,
  renderDocument,
  renderPage,
  robotsTxt,
  SiteAssets,
  sitemapXml,
} from '@docs/site-renderer';
import { CachedResponse, cachedResponse } from '../cache/render-cache';
import { OpenApiSpecs } from '../openapi/openapi-specs';
import { INSIGHTS_PATH, MCP_PATH } from '../routing/site-endpoints';
import type { SiteLinks, Variant } from '../routing/site-routes';
import { indexTree, PageTreeIndex } from './page-tree-index';
import { documentReferences, siteDocumentContext } from './site-document-context';
import { siteLookOf } from './site-look';
import { emojiOf, siteNavigation, variantTitle } from './site-navigation';

type GrantedAudience = Extract<SiteAudience, { access: 'granted' }>;

/** One request's view of a site: the site, the visitor's audience, and where the site is mounted. */
export interface SiteView {
  published: PublishedSite;
  audience: GrantedAudience;
  links: SiteLinks;
  /** Absolute URL of the site's home as search engines should know it (custom hostname, proxy, or PUBLISHED_URL path). */
  canonicalRoot: string;
}

/** A page of a variant: the page (undefined for a space without pages) and its tree. */
export interface PageTarget {
  variant: Variant;
  revision: RevisionEntity;
  tree: PageTreeNode[];
  index: PageTreeIndex;
  page: PageTreeNode | undefined;
}

/** The version recorded for a spec that a page names but that was not available when it rendered (NUL: never a real version). */
const SPEC_ABSENT = '\u0000absent';

/** Crawlers of language models refused by `robots.txt` when a site's agents context is `excluded`. */
const AI_CRAWLERS = ['GPTBot', 'ChatGPT-User', 'OAI-SearchBot', 'ClaudeBot', 'anthropic-ai', 'Claude-Web', 'Google-Extended', 'CCBot', 'PerplexityBot', 'Bytespider', 'Applebot-Extended', 'meta-externalagent'];

/**
 * What the site server renders, from data loaded through content's and sites' services: pages
 * (HTML), pages as markdown, and the machine readers (sitemap, robots.txt, llms.txt,
 * llms-full.txt). Each render reads a handful of rows whatever the document's size: the
 * revisions of the visible spaces and the trees it needs (kept by revision), the page's body
 * and the revision's reusable contents (kept by hash), the revision's files; never a query per
 * block or per page.
 */
@Injectable()
export class SitePages {
  private readonly targets = new WeakMap<Variant, Promise<Omit<PageTarget, 'page'>>>();
  /** SITE_INSIGHTS: pages send feedback and links followed. */
  private readonly insights: boolean;

  constructor(
    private readonly content: PublishedContent,
    private readonly access: VisitorAccess,
    private readonly specs: OpenApiSpecs,
    private readonly siteUrls: SiteUrls,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.insights = config.site.insights;
  }

  /** The canonical home of a site: its proxy origin, else its custom hostname, else its URL under PUBLISHED_URL. */
  canonicalRoot(published: PublishedSite): string {
    const { site } = published;
    return site.proxyOrigin ? `https://${site.proxyOrigin}` : this.siteUrls.root(site);
  }

  /** An absolute URL of the site from one of its root-relative URLs. */
  absolute(view: SiteView, url: string): string {
    const suffix = url.slice(view.links.basePath.length);
    return `${view.canonicalRoot}${suffix === '/' ? '' : suffix}` || '/';
  }

  /** The variant's revision, tree and the tree's index (kept with the variant: the same object while the site's state is the same). */
  target(variant: Variant): Promise<Omit<PageTarget, 'page'>> {
    let target = this.targets.get(variant);
    if (!target) {
      target = this.loadTarget(variant);
      target.catch(() => this.targets.delete(variant));
      this.targets.set(variant, target);
    }
    return target;
  }

  private async loadTarget(variant: Variant): Promise<Omit<PageTarget, 'page'>> {
    const revision = await this.revisionOf(variant.siteSpace.space!.revisionId);
    const tree = await this.content.tree(revision);
    return { variant, revision, tree, index: indexTree(tree) };
  }

  /** The page rendered as HTML (with the site's navigation around it). */
  async page(view: SiteView, target: PageTarget): Promise<CachedResponse> {
    const { published, links } = view;
    const { variant, page, index } = target;
    const { document, sources } = await this.documentSources(view, target);
    const rendered = renderDocument(document, siteDocumentContext(sources));
    const navigation = siteNavigation(links, variant, target.tree, index, page);
    const url = page ? links.pageUrl(variant, page.path ?? '', page === index.first) : variant.url || '/';
    const firstSpace = links.variants[0]?.siteSpace.space;
    const { look, title } = await siteLookOf(view, variant, (v) => this.target(v));
    const html = renderPage({
      look,
      site: {
        title: title ?? published.site.title,
        ...(firstSpace?.emoji ? { icon: emojiOf(firstSpace.emoji) } : {}),
        homeUrl: links.home,
        searchUrl: `${links.basePath}/~site/search/${encodeURIComponent(variant.siteSpace.id)}`,
        lang: languageOf(variant),
        assets: SiteAssets.load().urls(links.basePath),
      },
      ...navigation,
      page: {
        title: page?.title ?? variantTitle(variant),
        ...(page?.emoji ? { emoji: emojiOf(page.emoji) } : {}),
        ...(page?.description ? { description: page.description } : {}),
        ...(page ? { updatedAt: page.updatedAt.toISOString() } : {}),
        canonicalUrl: this.absolute(view, url),
        ...(page ? { markdownUrl: `${links.pageUrl(variant, page.path ?? '', false)}.md` } : {}),
        noindex: !this.indexable(published, index, page),
        // Feedback is asked for wherever insights are recorded, unless the site's customization turns it off (the look).
        ...(page && this.insights ? { insights: { url: `${links.basePath}/${INSIGHTS_PATH}`, siteSpace: variant.siteSpace.id, page: page.pageId, feedback: true } } : {}),
        // A preview has no MCP endpoint; the published site has, at its canonical root.
        ...(view.audience.key === 'preview' ? {} : { mcpUrl: `${view.canonicalRoot}/${MCP_PATH}` }),
      },
      document: rendered,
    });
    return cachedResponse(html, 'text/html; charset=utf-8', sources.specVersions);
  }

  /** The page as markdown: its title, description and body (reusable contents in place, conditions applied, variables filled in), links as absolute URLs. */
  async markdown(view: SiteView, target: PageTarget): Promise<CachedResponse> {
    const text = await this.markdownOf(view, target);
    return cachedResponse(text, 'text/markdown; charset=utf-8');
  }

  private async markdownOf(view: SiteView, target: PageTarget): Promise<string> {
    const { document, sources } = await this.documentSources(view, target);
    const context = siteDocumentContext(sources);
    const prepared = prepareForMarkdown(document, sources.reusableContents, context);
    const body = documentToMarkdown(prepared, {
      urlOfRef: (ref) => {
        const link = context.link(ref as unknown as { kind: string });
        if (!link) return undefined;
        return link.external || link.href.startsWith('#') ? link.href : this.absolute(view, link.href);
      },
    });
    const page = target.page;
    const title = page?.title ?? variantTitle(target.variant);
    return `# ${title.replace(/\n/g, ' ')}\n\n${page?.description ? `> ${page.description.replace(/\n/g, ' ')}\n\n` : ''}${body}`.trimEnd() + '\n';
  }

  /** `robots.txt`: public sites are indexable (with their sitemap); the others are not. */
  robots(view: SiteView): CachedResponse {
    const { site } = view.published;
    return cachedResponse(
      robotsTxt({
        indexable: site.visibility === 'public',
        sitemapUrl: `${view.canonicalRoot}/sitemap.xml`,
        refusedAgents: site.agentsContext === 'excluded' ? AI_CRAWLERS : [],
      }),
      'text/plain; charset=utf-8',
    );
  }

  /** `sitemap.xml` of a public site: every listed, indexable page its anonymous visitors see, at its canonical URL. */
  async sitemap(view: SiteView): Promise<CachedResponse> {
    const entries: { url: string; lastModified?: string }[] = [];
    for (const variant of view.links.variants) {
      const { index } = await this.target(variant);
      for (const page of index.listed) {
        if (page.noIndex) continue;
        entries.push({ url: this.absolute(view, view.links.pageUrl(variant, page.path ?? '', page === index.first)), lastModified: page.updatedAt.toISOString() });
      }
    }
    return cachedResponse(sitemapXml(entries), 'application/xml; charset=utf-8');
  }

  /** `llms.txt`: the site's sections and variants, each with its pages as links to their markdown. */
  async llms(view: SiteView): Promise<CachedResponse> {
    const sections: LlmsSection[] = [];
    const several = view.links.variants.length > 1;
    for (const variant of view.links.variants) {
      const { index } = await this.target(variant);
      const title = variant.section ? (view.links.variantsOf(variant.section).length > 1 ? `${variant.section.title}: ${variantTitle(variant)}` : variant.section.title) : variantTitle(variant);
      sections.push({
        ...(several || variant.section ? { title } : {}),
        pages: index.listed.map((page) => ({
          title: page.title,
          markdownUrl: this.absolute(view, `${view.links.pageUrl(variant, page.path ?? '', false)}.md`),
          ...(page.description ? { description: page.description } : {}),
        })),
      });
    }
    return cachedResponse(llmsTxt({ title: view.published.site.title }, sections), 'text/plain; charset=utf-8');
  }

  /**
   * `llms-full.txt`: every listed page of every variant the visitor sees, as markdown, one after
   * the other. Bodies are read 500 at a time, and the conversion yields to other requests every
   * few pages (a large site's file takes seconds to write, once per change of the site).
   */
  async llmsFull(view: SiteView): Promise<CachedResponse> {
    const pages = [];
    for (const variant of view.links.variants) {
      const base = await this.target(variant);
      for (let i = 0; i < base.index.listed.length; i++) {
        const page = base.index.listed[i];
        if (i % 500 === 0) {
          const hashes = base.index.listed.slice(i, i + 500).map((p) => p.documentHash);
          await this.content.documents(hashes.filter((hash): hash is string => hash !== null));
        }
        if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
        const markdown = await this.markdownOf(view, { ...base, page });
        pages.push({ title: page.title, url: this.absolute(view, view.links.pageUrl(variant, page.path ?? '', page === base.index.first)), markdown: markdown.replace(/^# .*\n\n/, '') });
      }
    }
    return cachedResponse(llmsFullTxt({ title: view.published.site.title }, pages), 'text/plain; charset=utf-8');
  }

  /** Whether search engines may index the page: a public site's listed page not marked `noIndex`. */
  indexable(published: PublishedSite, index: PageTreeIndex, page: PageTreeNode | undefined): boolean {
    if (published.site.visibility !== 'public') return false;
    return !page || (!page.noIndex && !index.unlisted.has(page.pageId));
  }

  /**
   * The OpenAPI specs an entry was rendered with are still as they were: the same versions, and
   * still absent where the page was rendered with a block's fallback (a spec hosted since then,
   * or one removed, renders the page anew).
   */
  async specsCurrent(organizationId: string, entry: CachedResponse): Promise<boolean> {
    if (!entry.specs) return true;
    const current = await this.specs.versions(organizationId, [...entry.specs.keys()]);
    for (const [slug, version] of entry.specs) if ((current.get(slug) ?? SPEC_ABSENT) !== version) return false;
    return true;
  }

  /** The page's body and everything it may point at, in a few queries (most answered from memory). */
  private async documentSources(view: SiteView, target: PageTarget) {
    const { published, links, audience } = view;
    const { variant, revision, page, tree } = target;
    const reusableHashes = revision.reusableContents.map((entry) => entry.document).filter((hash): hash is string => typeof hash === 'string');
    const bodies = await this.content.documents([...(page?.documentHash ? [page.documentHash] : []), ...reusableHashes]);
    const document: JSONDocument = (page?.documentHash && bodies.get(page.documentHash)) || { object: 'document', data: {}, nodes: [] };
    const reusableContents = new Map<string, JSONDocument>();
    for (const entry of revision.reusableContents) {
      const body = typeof entry.document === 'string' ? bodies.get(entry.document) : undefined;
      reusableContents.set(String(entry.id), body ?? { object: 'document', data: {}, nodes: [] });
    }
    const references = documentReferences([document, ...reusableContents.values()]);
    const trees = new Map<string, PageTreeNode[]>([[variant.siteSpace.spaceId, tree]]);
    const linked = [...references.spaces].map((spaceId) => links.variantOfSpace(spaceId, variant.section)).filter((v): v is Variant => v !== undefined && !trees.has(v.siteSpace.spaceId));
    if (linked.length > 0) {
      const revisions = await this.content.revisions(linked.map((v) => v.siteSpace.space!.revisionId));
      for (const other of linked) {
        const otherRevision = revisions.get(other.siteSpace.space!.revisionId);
        if (otherRevision) trees.set(other.siteSpace.spaceId, await this.content.tree(otherRevision));
      }
    }
    const openApi = new Map<string, OpenApiDocument>();
    // Every spec the page names, with the version it was rendered with (or SPEC_ABSENT).
    const specVersions = new Map<string, string>();
    if (references.specs.size > 0) {
      const found = await this.specs.find(published.site.organizationId, [...references.specs]);
      for (const slug of references.specs) {
        const spec = found.get(slug);
        if (spec) openApi.set(slug, spec.document);
        specVersions.set(slug, spec ? spec.version : SPEC_ABSENT);
      }
    }
    const files = await this.content.files(revision);
    return {
      document,
      sources: {
        links,
        variant,
        page,
        revision,
        trees,
        files,
        reusableContents,
        openApi,
        specVersions,
        condition: (expression: string) => this.access.condition(published.site, expression, audience.claims),
      },
    };
  }

  private async revisionOf(id: string): Promise<RevisionEntity> {
    const revision = (await this.content.revisions([id])).get(id);
    if (!revision) throw new Error(`revision ${id} is missing`);
    return revision;
  }
}

/** The language of a variant's pages (its space's, else English). */
function languageOf(variant: Variant): string {
  const language = variant.siteSpace.space?.language;
  return language && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language) ? language : 'en';
}

/**
 * A document as markdown readers should get it: reusable contents in place of their blocks,
 * conditional blocks kept or dropped for this visitor, expressions (variables) replaced by their
 * values. The markdown converter itself would write includes and keep every condition's content.
 */
export function prepareForMarkdown(
  document: JSONDocument,
  reusableContents: Map<string, JSONDocument>,
  context: { condition(expression: string): boolean; expression(expression: string): string | undefined },
): JSONDocument {
  const blocks = (nodes: any[], depth: number): any[] =>
    nodes.flatMap((node) => {
      if (node?.object === 'block' && node.type === 'reusable-content') {
        const body = reusableContents.get(String(node.data?.ref?.reusableContent ?? ''));
        return body && depth < 4 ? blocks((body.nodes ?? []) as any[], depth + 1) : [];
      }
      if (node?.object === 'block' && node.type === 'if') return context.condition(String(node.data?.expression ?? '')) ? blocks(node.nodes ?? [], depth) : [];
      if (node?.object === 'inline' && node.type === 'expression') {
        return [{ object: 'text', leaves: [{ object: 'leaf', text: context.expression(String(node.data?.expression ?? '')) ?? '', marks: [] }] }];
      }
      if (!node || typeof node !== 'object') return [node];
      const out = { ...node };
      if (Array.isArray(node.nodes)) out.nodes = blocks(node.nodes, depth);
      if (Array.isArray(node.fragments)) out.fragments = node.fragments.map((fragment: any) => ({ ...fragment, nodes: blocks(fragment.nodes ?? [], depth) }));
      return [out];
    });
  return { ...document, nodes: blocks((document.nodes ?? []) as any[], 0) as JSONDocument['nodes'] };
}
