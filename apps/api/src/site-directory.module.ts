import { Global, Module } from '@nestjs/common';
import { SiteDirectory } from '@docs/integrations';
import { SiteCatalog } from '@docs/sites';
import { WebhookSites } from '@docs/webhooks';

/**
 * Binds integrations' `SiteDirectory` seam (and webhooks' `WebhookSites`) to the sites library
 * (`SiteCatalog`, provided by the global `SitesModule`): those libraries may not import each
 * other, the api may import them all.
 */
@Global()
@Module({
  providers: [
    { provide: SiteDirectory, useExisting: SiteCatalog },
    // webhooks' `sites` filter checks site ids through its own seam, to the same service.
    { provide: WebhookSites, useExisting: SiteCatalog },
  ],
  exports: [SiteDirectory, WebhookSites],
})
export class SiteDirectoryModule {}
