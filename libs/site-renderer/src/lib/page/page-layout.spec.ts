import { parseHTML } from 'linkedom';
import { doc, heading, p, text } from '../../testing/document-builders';
import { SiteAssets } from '../assets/site-assets';
import { renderDocument } from '../document/render-document';
import { EMPTY_DOCUMENT_CONTEXT } from '../model/document-context';
import type { PageView } from '../model/page-view';
import { renderErrorPage, renderPage } from './page-layout';
import { THEME_SCRIPT, THEME_SCRIPT_CSP } from './theme-script';
import { createHash } from 'node:crypto';

const assets = SiteAssets.load().urls('/sites/o/docs');
const parse = (html: string) => parseHTML(html).document as unknown as Document;

function view(overrides: Partial<PageView> = {}): PageView {
  return {
    site: { title: 'Acme Docs', icon: '📘', homeUrl: '/sites/o/docs', searchUrl: '/sites/o/docs/~site/search', lang: 'en', assets },
    sections: [
      { type: 'section', section: { title: 'Guides', url: '/sites/o/docs', active: true } },
      { type: 'group', title: 'Reference', active: false, sections: [{ title: 'API', url: '/sites/o/docs/api', active: false, description: 'REST API' }] },
    ],
    variants: [
      { title: 'v2', url: '/sites/o/docs', active: true },
      { title: 'v1', url: '/sites/o/docs/v1', active: false },
    ],
    tree: [
      {
        title: 'Getting started',
        kind: 'page',
        url: '/sites/o/docs/getting-started',
        active: false,
        open: true,
        children: [{ title: 'Install', kind: 'page', url: '/sites/o/docs/getting-started/install', active: true, open: false, children: [] }],
      },
      { title: 'Guides', kind: 'group', active: false, open: true, children: [{ title: 'Writing', emoji: '✍️', kind: 'page', url: '/sites/o/docs/writing', active: false, open: false, children: [{ title: 'Deep', kind: 'page', url: '/x', active: false, open: false, children: [] }] }] },
      { title: 'Status', kind: 'link', url: 'https://status.example.com', external: true, active: false, open: false, children: [] },
    ],
    page: {
      title: 'Install',
      description: 'How to install it.',
      updatedAt: '2026-01-15T10:00:00.000Z',
      canonicalUrl: 'https://docs.example.com/getting-started/install',
      markdownUrl: '/sites/o/docs/getting-started/install.md',
      noindex: false,
    },
    breadcrumbs: [{ title: 'Getting started', url: '/sites/o/docs/getting-started' }],
    previous: { title: 'Getting started', url: '/sites/o/docs/getting-started' },
    next: { title: 'Writing', url: '/sites/o/docs/writing' },
    document: renderDocument(doc(heading(1, 'Requirements'), p('Node 20.'), heading(2, 'Linux'), heading(3, 'Deep')), EMPTY_DOCUMENT_CONTEXT),
    ...overrides,
  };
}

describe('renderPage', () => {
  it('writes the head: title, description, canonical link, Open Graph and Twitter meta, markdown alternate, assets', () => {
    const document = parse(renderPage(view()));
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(document.title).toBe('Install | Acme Docs');
    const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[name=description]')).toBe('How to install it.');
    expect(document.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://docs.example.com/getting-started/install');
    expect(meta('meta[property="og:title"]')).toBe('Install | Acme Docs');
    expect(meta('meta[property="og:url"]')).toBe('https://docs.example.com/getting-started/install');
    expect(meta('meta[property="og:site_name"]')).toBe('Acme Docs');
    expect(meta('meta[property="og:description"]')).toBe('How to install it.');
    expect(meta('meta[name="twitter:card"]')).toBe('summary');
    expect(document.querySelector('meta[name=robots]')).toBeNull();
    expect(decodeURIComponent(document.querySelector('link[rel=icon]')!.getAttribute('href')!)).toContain('>📘</text>');
    expect(document.querySelector('link[rel=alternate][type="text/markdown"]')!.getAttribute('href')).toBe('/sites/o/docs/getting-started/install.md');
    expect(document.querySelector('link[rel=stylesheet]')!.getAttribute('href')).toBe(assets.css);
    expect(document.querySelector('script[src]')!.getAttribute('src')).toBe(assets.js);
    expect(document.querySelector('script[src]')!.hasAttribute('defer')).toBe(true);
    // No KaTeX stylesheet without math; the inline script is the one the CSP hash allows.
    expect(Array.from(document.querySelectorAll('link[rel=stylesheet]')).length).toBe(1);
    const inline = document.querySelector('script:not([src])')!.textContent!;
    expect(inline).toBe(THEME_SCRIPT);
    expect(THEME_SCRIPT_CSP).toBe(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
  });

  it("describes a page without a description by its document's summary, in the head only", () => {
    const body = renderDocument(doc(heading(1, 'Requirements'), p('Node 20 and ', text('npm', 'code'), ' are all it needs.')), EMPTY_DOCUMENT_CONTEXT);
    const document = parse(renderPage(view({ page: { ...view().page, description: undefined }, document: body })));
    const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[name=description]')).toBe('Node 20 and npm are all it needs.');
    expect(meta('meta[property="og:description"]')).toBe('Node 20 and npm are all it needs.');
    expect(meta('meta[name="twitter:description"]')).toBe('Node 20 and npm are all it needs.');
    // The article does not repeat its first paragraph as a description.
    expect(document.querySelector('.page-description')).toBeNull();
    // A description of its own wins; a page with no text has no description at all.
    expect(parse(renderPage(view({ document: body }))).querySelector('meta[name=description]')!.getAttribute('content')).toBe('How to install it.');
    const empty = parse(renderPage(view({ page: { ...view().page, description: undefined }, document: renderDocument(doc(heading(1, 'Only')), EMPTY_DOCUMENT_CONTEXT) })));
    expect(empty.querySelector('meta[name=description]')).toBeNull();
    expect(empty.querySelector('meta[property="og:description"]')).toBeNull();
  });

  it('marks pages not to index', () => {
    const document = parse(renderPage(view({ page: { ...view().page, noindex: true } })));
    expect(document.querySelector('meta[name=robots]')!.getAttribute('content')).toBe('noindex');
  });

  it('writes the header with the title, icon, search and theme controls', () => {
    const header = parse(renderPage(view())).querySelector('header.site-header')!;
    expect(header.querySelector('a.site-title')!.getAttribute('href')).toBe('/sites/o/docs');
    expect(header.querySelector('.site-title')!.textContent).toBe('📘Acme Docs');
    expect(header.querySelector('.search-button')!.getAttribute('data-search-url')).toBe('/sites/o/docs/~site/search');
    expect(header.querySelector('.theme-toggle')).not.toBeNull();
    expect(header.querySelector('.menu-button')!.getAttribute('aria-controls')).toBe('sidebar');
  });

  it('shows sections as tabs and groups as menus, the current one marked', () => {
    const nav = parse(renderPage(view())).querySelector('nav.section-tabs')!;
    const guides = nav.querySelector('a.active')!;
    expect(guides.textContent).toBe('Guides');
    expect(guides.getAttribute('aria-current')).toBe('page');
    const group = nav.querySelector('details.menu')!;
    expect(group.querySelector('summary')!.textContent).toBe('Reference');
    expect(group.querySelector('a')!.getAttribute('href')).toBe('/sites/o/docs/api');
    expect(group.querySelector('.menu-description')!.textContent).toBe('REST API');
  });

  it('shows the variant switcher only with more than one variant', () => {
    const switcher = parse(renderPage(view())).querySelector('details.variants')!;
    expect(switcher.querySelector('summary')!.textContent).toBe('Variant: v2');
    expect(Array.from(switcher.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual(['/sites/o/docs', '/sites/o/docs/v1']);
    expect(parse(renderPage(view({ variants: [{ title: 'only', url: '/', active: true }] }))).querySelector('details.variants')).toBeNull();
  });

  it('renders the page tree: nested pages, the current one marked and its ancestors open, groups and links', () => {
    const tree = parse(renderPage(view())).querySelector('nav.page-tree')!;
    const current = tree.querySelector('a[aria-current=page]')!;
    expect(current.textContent).toBe('Install');
    const toggles = Array.from(tree.querySelectorAll('.tree-toggle'));
    expect(toggles.map((t) => t.getAttribute('aria-expanded'))).toEqual(['true', 'false']);
    expect(tree.querySelector(`#${toggles[0].getAttribute('aria-controls')}`)!.hasAttribute('hidden')).toBe(false);
    expect(tree.querySelector(`#${toggles[1].getAttribute('aria-controls')}`)!.hasAttribute('hidden')).toBe(true);
    expect(tree.querySelector('.tree-group-title')!.textContent).toBe('Guides');
    const external = Array.from(tree.querySelectorAll('a')).find((a) => a.textContent!.startsWith('Status'))!;
    expect(external.getAttribute('href')).toBe('https://status.example.com');
    expect(external.getAttribute('rel')).toBe('noopener');
  });

  it('renders the same bytes for the same view (strong ETags across server processes)', () => {
    expect(renderPage(view())).toBe(renderPage(view()));
  });

  it('renders the article: breadcrumbs, title, description, document, last update, previous and next, markdown link', () => {
    const main = parse(renderPage(view())).querySelector('main#content')!;
    expect(main.querySelector('nav.breadcrumbs a')!.textContent).toBe('Getting started');
    expect(main.querySelector('h1')!.textContent).toBe('Install');
    expect(main.querySelector('.page-description')!.textContent).toBe('How to install it.');
    expect(main.querySelector('.document h2#requirements')).not.toBeNull();
    expect(main.querySelector('time')!.getAttribute('datetime')).toBe('2026-01-15T10:00:00.000Z');
    expect(main.querySelector('time')!.textContent).toBe('January 15, 2026');
    expect(main.querySelector('a[rel=prev]')!.getAttribute('href')).toBe('/sites/o/docs/getting-started');
    expect(main.querySelector('a[rel=next] .pagination-title')!.textContent).toBe('Writing');
    expect(Array.from(main.querySelectorAll('a')).find((a) => a.textContent === 'View as Markdown')!.getAttribute('href')).toBe('/sites/o/docs/getting-started/install.md');
  });

  it('lists the first two heading levels on this page', () => {
    const toc = parse(renderPage(view())).querySelector('nav.toc')!;
    expect(Array.from(toc.querySelectorAll('a')).map((a) => [a.getAttribute('href'), a.parentElement!.className])).toEqual([
      ['#requirements', 'toc-level-1'],
      ['#linux', 'toc-level-2'],
    ]);
  });

  it('leaves out the sidebar of a site with one page and no variants, and the toc of a page without headings', () => {
    const document = parse(renderPage(view({ tree: [], variants: [], sections: [], document: renderDocument(doc(p('x')), EMPTY_DOCUMENT_CONTEXT) })));
    expect(document.querySelector('.sidebar')).toBeNull();
    expect(document.querySelector('.layout.no-sidebar')).not.toBeNull();
    expect(document.querySelector('.menu-button')).toBeNull();
    expect(document.querySelector('nav.section-tabs')).toBeNull();
    expect(document.querySelector('nav.toc')).toBeNull();
  });

  it('links KaTeX and the code token styles only where the document needs them', () => {
    const document = parse(renderPage(view({ document: renderDocument(doc({ object: 'block', type: 'math', data: { formula: 'x' } }, { object: 'block', type: 'code', data: { syntax: 'js' }, nodes: [{ object: 'block', type: 'code-line', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'let x', marks: [] }] }] }] }), EMPTY_DOCUMENT_CONTEXT) })));
    expect(Array.from(document.querySelectorAll('link[rel=stylesheet]')).map((l) => l.getAttribute('href'))).toEqual([assets.css, assets.katexCss]);
    expect(document.querySelector('head style')!.textContent).toMatch(/^\.k[0-9a-z]+\{--l:#/);
  });

  it('carries the search dialog', () => {
    const dialog = parse(renderPage(view())).querySelector('dialog#search-dialog')!;
    const input = dialog.querySelector('input[role=combobox]')!;
    expect(input.getAttribute('aria-controls')).toBe('search-results');
    expect(dialog.querySelector('#search-results')!.getAttribute('role')).toBe('listbox');
  });
});

describe('renderErrorPage', () => {
  it('says nothing about what is missing in a 404', () => {
    const document = parse(renderErrorPage({ status: 404 }));
    expect(document.title).toBe('Page not found');
    expect(document.querySelector('meta[name=robots]')!.getAttribute('content')).toBe('noindex');
    expect(document.querySelector('h1')!.textContent).toBe('Page not found');
    expect(document.querySelector('main a')).toBeNull();
    // Self-contained: no stylesheet or script whose address would depend on the mount.
    expect(document.querySelector('link[rel=stylesheet], script')).toBeNull();
  });

  it('invites to sign in on a 401', () => {
    const document = parse(renderErrorPage({ status: 401, siteTitle: 'Acme', homeUrl: '/' }));
    expect(document.title).toBe('Sign in to read this site | Acme');
  });
});

describe('SiteAssets', () => {
  it('serves a minified stylesheet and script under hashed names, and KaTeX with its fonts', () => {
    const loaded = SiteAssets.load();
    const urls = loaded.urls('');
    expect(urls.css).toMatch(/^\/~site\/assets\/site\.[A-Za-z0-9_-]{12}\.css$/);
    const css = loaded.get(urls.css.slice('/~site/assets/'.length))!;
    expect(css.contentType).toBe('text/css; charset=utf-8');
    expect(css.body.toString()).not.toContain('/*');
    expect(css.body.toString()).toContain(':root{');
    const js = loaded.get(urls.js.slice('/~site/assets/'.length))!;
    expect(js.body.length).toBeLessThan(12_000);
    const katex = loaded.get(urls.katexCss.slice('/~site/assets/'.length))!;
    const font = /url\((fonts\/[^)]+\.woff2)\)/.exec(katex.body.toString())![1];
    expect(loaded.get(urls.katexCss.slice('/~site/assets/'.length).replace('katex.min.css', font))!.contentType).toBe('font/woff2');
    expect(loaded.get('nope.css')).toBeUndefined();
  });
});
