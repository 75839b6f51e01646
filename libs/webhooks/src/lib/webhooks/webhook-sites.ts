/**
 * The seam to libs/sites (a sibling this library may not import): whether a site belongs to an
 * organization, for webhooks' `sites` filter. apps/api binds it globally to the sites library's
 * `SiteCatalog` (docs/architecture.md); without a binding every site id is unknown (404).
 */
export abstract class WebhookSites {
  /** The site if it exists in that organization; null otherwise. */
  abstract findSite(organizationId: string, siteId: string): Promise<{ id: string } | null>;
}
