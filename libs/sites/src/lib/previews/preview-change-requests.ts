import type { Caller } from '@docs/identity';

/** A change request's head: what a preview shows in place of its space's content. */
export interface ChangeRequestHeadRef {
  id: string;
  spaceId: string;
  revisionId: string;
}

/**
 * The change requests a site preview may show. Change requests are collaboration's, which sites
 * may not import: the apps bind this seam to collaboration's `ChangeRequestHeads` (apps/api's
 * `SiteDirectoryModule`, apps/site's `PreviewChangeRequestsModule`). Without a binding, previews
 * of change requests are not available.
 */
export abstract class PreviewChangeRequests {
  /** The change request with this id if `caller` may read it (read level on its space), else undefined. */
  abstract readable(changeRequestId: string, caller: Caller): Promise<ChangeRequestHeadRef | undefined>;

  /** Its head now (a preview shows the latest content), undefined when it no longer exists. */
  abstract head(changeRequestId: string): Promise<ChangeRequestHeadRef | undefined>;
}
