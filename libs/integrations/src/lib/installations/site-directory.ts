import type { Caller } from '@docs/identity';

/** What integrations need to know of a site. */
export interface SiteRef {
  id: string;
  organizationId: string;
  title: string;
}

/**
 * The seam to libs/sites, which this library cannot import (sites and integrations are siblings
 * above content, and neither may import the other). apps/api binds it globally to a sites service
 * of the same shape (see docs/architecture.md); it is injected optionally, and without it there
 * are no sites: every site id is unknown (404) and site installation lists are empty.
 */
export abstract class SiteDirectory {
  /** The site if it exists in that organization (deleted sites: null). */
  abstract findSite(organizationId: string, siteId: string): Promise<SiteRef | null>;

  /**
   * The reference's `Site` objects of these sites as `caller` sees them (for `extended=true`),
   * keyed by id; sites the caller may not see are left out. One round trip for the whole page.
   */
  abstract presentSites(organizationId: string, siteIds: string[], caller: Caller): Promise<Map<string, object>>;
}
