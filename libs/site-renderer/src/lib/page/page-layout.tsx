/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { OutlineHeading } from '../document/render-state';
import type { PageView, SiteAssetUrls } from '../model/page-view';
import type { SiteLook } from '../model/site-look';
import { lookStyle } from './look-style';
import { SiteFooter } from './site-footer';
import { PageTree, SectionTabs, SiteHeader, VariantSwitcher } from './navigation';
import { PageActions, PageFeedback } from './page-feedback';
import { SearchDialog } from './search-dialog';
import { THEME_SCRIPT } from './theme-script';

/** The site's icon (its emoji, else its initial) as an SVG favicon in the page: no request, no 404 in the console. */
export function faviconDataUrl(icon: string): string {
  const escaped = icon.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b5cad"/><text x="16" y="22.5" font-size="18" font-family="system-ui,sans-serif" font-weight="700" text-anchor="middle" fill="#fff">${escaped}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

interface HeadProps {
  title: string;
  /** The site's icon (an emoji or a letter). */
  icon?: string;
  /** The page's description, else the summary of its document. */
  description?: string;
  canonicalUrl?: string;
  siteTitle?: string;
  noindex: boolean;
  assets: SiteAssetUrls;
  math?: boolean;
  codeCss?: string;
  markdownUrl?: string;
  look?: SiteLook;
}

/** The favicon: the site's own images (one per theme), else its emoji or initial drawn in the page. */
function Favicon({ icon, look }: { icon?: string; look?: SiteLook }) {
  const favicon = look?.favicon;
  if (favicon && 'light' in favicon) {
    return (
      <>
        <link rel="icon" href={favicon.light} media="(prefers-color-scheme: light)" />
        <link rel="icon" href={favicon.dark} media="(prefers-color-scheme: dark)" />
      </>
    );
  }
  const shown = favicon && 'emoji' in favicon ? favicon.emoji : icon;
  return shown ? <link rel="icon" href={faviconDataUrl(shown)} /> : null;
}

function Head(props: HeadProps) {
  return (
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{props.title}</title>
      {props.description ? <meta name="description" content={props.description} /> : null}
      {props.noindex ? <meta name="robots" content="noindex" /> : null}
      {props.canonicalUrl ? <link rel="canonical" href={props.canonicalUrl} /> : null}
      {props.canonicalUrl ? (
        <>
          <meta property="og:type" content="article" />
          <meta property="og:title" content={props.title} />
          {props.siteTitle ? <meta property="og:site_name" content={props.siteTitle} /> : null}
          <meta property="og:url" content={props.canonicalUrl} />
          {props.description ? <meta property="og:description" content={props.description} /> : null}
          <meta name="twitter:card" content="summary" />
          <meta name="twitter:title" content={props.title} />
          {props.description ? <meta name="twitter:description" content={props.description} /> : null}
        </>
      ) : null}
      {props.markdownUrl ? <link rel="alternate" type="text/markdown" href={props.markdownUrl} /> : null}
      <meta name="color-scheme" content="light dark" />
      <Favicon icon={props.icon} look={props.look} />
      <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      <link rel="stylesheet" href={props.assets.css} />
      {props.look && lookStyle(props.look) ? <style dangerouslySetInnerHTML={{ __html: lookStyle(props.look) }} /> : null}
      {props.math ? <link rel="stylesheet" href={props.assets.katexCss} /> : null}
      {props.codeCss ? <style dangerouslySetInnerHTML={{ __html: props.codeCss }} /> : null}
      <script defer src={props.assets.js} />
    </head>
  );
}

/**
 * `theme`: a site that opens dark sets `data-theme` before any script runs (the reader's own
 * choice, kept by the toggle, then replaces it); one without the toggle fixes it (`data-theme-fixed`:
 * the theme script leaves it alone).
 */
function html(lang: string, children: ComponentChildren, theme?: SiteLook['theme']): string {
  const fixed = theme && !theme.toggleable;
  const dataTheme = theme?.default === 'dark' ? 'dark' : fixed ? 'light' : undefined;
  return `<!doctype html>${renderToString(
    <html lang={lang} data-theme={dataTheme} data-theme-fixed={fixed ? '' : undefined}>
      {children}
    </html>,
  )}`;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** "On this page": the document's first two heading levels. */
function OnThisPage({ outline }: { outline: OutlineHeading[] }) {
  const entries = outline.filter((heading) => heading.level <= 2 && heading.title !== '');
  if (entries.length === 0) return null;
  return (
    <nav class="toc" aria-label="On this page">
      <p class="toc-title">On this page</p>
      <ul>
        {entries.map((heading, index) => (
          <li key={index} class={`toc-level-${heading.level}`}>
            <a href={`#${heading.id}`}>{heading.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A page of a published site: header (title, icon, search, theme), section tabs, the sidebar
 * (variants, page tree), the article (breadcrumbs, title, description, the document, last update,
 * previous and next) and "on this page". Server-rendered; the client script only adds behaviour.
 */
export function renderPage(view: PageView): string {
  const { site, page, document, look } = view;
  const markdownAction = page.markdownUrl && look?.pageActions.markdown !== false ? page.markdownUrl : undefined;
  const pagination = look?.pagination !== false;
  const hasSidebar = view.tree.length > 0 || view.variants.length > 1;
  return html(
    site.lang,
    <>
      <Head
        icon={site.icon ?? (site.title.trim().charAt(0).toUpperCase() || 'D')}
        title={page.title === site.title ? page.title : `${page.title} | ${site.title}`}
        description={page.description || document.summary}
        canonicalUrl={page.canonicalUrl}
        siteTitle={site.title}
        noindex={page.noindex}
        assets={site.assets}
        math={document.usesMath}
        codeCss={document.codeCss}
        markdownUrl={page.markdownUrl}
        look={look}
      />
      <body>
        <a class="skip-link" href="#content">
          Skip to content
        </a>
        <SiteHeader site={site} hasSidebar={hasSidebar} look={look} />
        <SectionTabs items={view.sections} />
        <div class={hasSidebar ? 'layout' : 'layout no-sidebar'}>
          {hasSidebar ? (
            <aside class="sidebar" id="sidebar">
              <VariantSwitcher variants={view.variants} />
              <PageTree items={view.tree} />
            </aside>
          ) : null}
          <main
            id="content"
            class="page"
            {...(page.insights ? { 'data-insights': page.insights.url, 'data-site-space': page.insights.siteSpace, 'data-page': page.insights.page } : {})}
          >
            {view.breadcrumbs.length > 0 ? (
              <nav class="breadcrumbs" aria-label="Breadcrumbs">
                <ol>
                  {view.breadcrumbs.map((crumb, index) => (
                    <li key={index}>
                      <a href={crumb.url}>{crumb.title}</a>
                    </li>
                  ))}
                </ol>
              </nav>
            ) : null}
            <article>
              <header class="page-header">
                <h1>
                  {page.emoji ? <span class="emoji" aria-hidden="true">{`${page.emoji} `}</span> : null}
                  {page.title}
                </h1>
                {page.description ? <p class="page-description">{page.description}</p> : null}
                <PageActions markdownUrl={markdownAction} mcpUrl={look?.pageActions.mcp === false ? undefined : page.mcpUrl} />
              </header>
              <div class="document" dangerouslySetInnerHTML={{ __html: document.html }} />
            </article>
            <footer class="page-footer">
              {page.insights?.feedback && look?.feedback !== false ? <PageFeedback /> : null}
              {pagination && (view.previous || view.next) ? (
                <nav class="pagination" aria-label="Previous and next pages">
                  {view.previous ? (
                    <a class="previous" href={view.previous.url} rel="prev">
                      <span class="pagination-label">Previous</span>
                      <span class="pagination-title">{view.previous.title}</span>
                    </a>
                  ) : (
                    <span />
                  )}
                  {view.next ? (
                    <a class="next" href={view.next.url} rel="next">
                      <span class="pagination-label">Next</span>
                      <span class="pagination-title">{view.next.title}</span>
                    </a>
                  ) : null}
                </nav>
              ) : null}
              <p class="page-meta">
                {page.updatedAt ? (
                  <>
                    Last updated <time dateTime={page.updatedAt}>{formatDate(page.updatedAt)}</time>
                  </>
                ) : null}
                {page.updatedAt && markdownAction ? ' · ' : null}
                {markdownAction ? <a href={markdownAction}>View as Markdown</a> : null}
              </p>
            </footer>
          </main>
          <aside class="aside">
            <OnThisPage outline={document.outline} />
          </aside>
        </div>
        {look ? <SiteFooter footer={look.footer} /> : null}
        <SearchDialog />
      </body>
    </>,
    look?.theme,
  );
}

export interface ErrorPageView {
  status: 401 | 404;
  /** Only for a 401 of a site the visitor knows exists; a 404 names nothing. */
  siteTitle?: string;
  homeUrl?: string;
  lang?: string;
}

/**
 * The error pages carry their own few styles: they link no stylesheet, whose address would
 * depend on where the site is mounted (and so tell a 404 of one mount from another).
 */
const ERROR_PAGE_CSS =
  ':root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--muted:#57606a;--accent:#0b5cad}@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--accent:#58a6ff}}' +
  'body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}a{color:var(--accent)}' +
  'main{max-width:560px;margin:15vh auto;padding:0 24px;text-align:center}.error-status{margin:0;color:var(--muted);font:700 3rem ui-monospace,monospace}';

const ERRORS = {
  404: { title: 'Page not found', message: 'There is no page at this address, or it is not published for you.' },
  401: { title: 'Sign in to read this site', message: 'This site is only for authenticated visitors, and your access is missing, has expired or is not valid. Open the site again from the link you were given.' },
};

/**
 * The page of a 404 (the same bytes for an unknown site, an unpublished one, a missing key or a
 * page the visitor may not see: nothing tells them apart) or a 401 (a visitor-auth site without
 * a valid visitor token).
 */
export function renderErrorPage(view: ErrorPageView): string {
  const error = ERRORS[view.status];
  return html(
    view.lang ?? 'en',
    <>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{view.siteTitle ? `${error.title} | ${view.siteTitle}` : error.title}</title>
        <meta name="robots" content="noindex" />
        <link rel="icon" href="data:," />
        <style dangerouslySetInnerHTML={{ __html: ERROR_PAGE_CSS }} />
      </head>
      <body>
        <main id="content" class="error-page">
          <p class="error-status">{view.status}</p>
          <h1>{error.title}</h1>
          <p>{error.message}</p>
          {view.homeUrl ? (
            <p>
              <a href={view.homeUrl}>Go to the home page</a>
            </p>
          ) : null}
        </main>
      </body>
    </>,
  );
}
