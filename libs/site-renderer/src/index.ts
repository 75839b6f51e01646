/**
 * The published sites' renderer: plain data in (a content document, the site's navigation, the
 * visitor's view), HTML out. No database, no request: apps/site loads, checks access and caches;
 * this library only renders, so every block is tested on its own.
 */
export * from './lib/model/document-context';
export * from './lib/document/render-document';
export type { OutlineHeading } from './lib/document/render-state';
export { safeHref } from './lib/document/safe-href';
export * from './lib/openapi/openapi-document';
export { CodeHighlighter, codeHighlighter, COMMON_LANGUAGES } from './lib/code/highlighter';
export * from './lib/model/page-view';
export { renderPage, renderErrorPage } from './lib/page/page-layout';
export type { ErrorPageView } from './lib/page/page-layout';
export { THEME_SCRIPT_CSP } from './lib/page/theme-script';
export { SiteAssets, ASSETS_PATH, minifyCss } from './lib/assets/site-assets';
export type { StaticAsset } from './lib/assets/site-assets';
export * from './lib/machine/machine-readers';
