/**
 * Docs sites: sites, sections, section groups, site spaces, share links, adaptive content and
 * the published structure (spec sections 4.9 to 4.13). Depends on platform, identity and content.
 */
export * from './lib/sites.module';
export * from './lib/sites/site.entity';
export * from './lib/sites/site-catalog';
export * from './lib/sections/site-section.entity';
export * from './lib/section-groups/site-section-group.entity';
export * from './lib/site-spaces/site-space.entity';
export * from './lib/share-links/share-link.entity';
export * from './lib/conditions/condition-expression';
export * from './lib/conditions/claim-catalog';
export * from './lib/sites/site-urls';
export * from './lib/structure/site-structure';
export * from './lib/published/published-sites.module';
export * from './lib/published/published-site-directory';
export * from './lib/published/visitor-access';
export * from './lib/published/site-search';
export * from './lib/previews/site-preview-grants';
export * from './lib/previews/preview-change-requests';
export * from './lib/previews/preview-structure';
export * from './lib/customization/site-customization';
export * from './lib/redirects/site-redirect.entity';
export * from './lib/redirects/published-redirects';
export * from './lib/redirects/redirect-location';
export { conditionShown } from './lib/published/visible-structure';
export { DEFAULT_SITE_CUSTOMIZATION } from './lib/customization/default-customization';
export * from './lib/insights/site-insights-store';
export * from './lib/insights/site-insight-event.entity';
export * from './lib/sites-jobs.module';
export * from './lib/published/site-mount';
export * from './lib/published/site-routes';
export * from './lib/published/page-tree-index';
export * from './lib/published/site-mounts';
export * from './lib/urls/published-url-resolver';
