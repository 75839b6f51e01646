import { Global, Module } from '@nestjs/common';
import { ChangeRequestHeads, ChangeRequestHeadsModule } from '@docs/collaboration';
import { SiteDirectory } from '@docs/integrations';
import { PreviewChangeRequests, SiteCatalog } from '@docs/sites';
import { WebhookSites } from '@docs/webhooks';

/**
 * Binds integrations' `SiteDirectory` seam (and webhooks' `WebhookSites`) to the sites library
 * (`SiteCatalog`, provided by the global `SitesModule`), and sites' `PreviewChangeRequests` to
 * collaboration's `ChangeRequestHeads` (previews of change requests): those libraries may not
 * import each other, the api may import them all.
 */
@Global()
@Module({
  imports: [ChangeRequestHeadsModule],
  providers: [
    { provide: SiteDirectory, useExisting: SiteCatalog },
    // webhooks' `sites` filter checks site ids through its own seam, to the same service.
    { provide: WebhookSites, useExisting: SiteCatalog },
    { provide: PreviewChangeRequests, useExisting: ChangeRequestHeads },
  ],
  exports: [SiteDirectory, WebhookSites, PreviewChangeRequests],
})
export class SiteDirectoryModule {}
