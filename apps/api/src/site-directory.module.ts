import { Global, Module } from '@nestjs/common';
import { SiteDirectory } from '@docs/integrations';
import { SiteCatalog } from '@docs/sites';

/**
 * Binds integrations' `SiteDirectory` seam to the sites library (`SiteCatalog`, provided by the
 * global `SitesModule`): the two libraries may not import each other, the api may import both.
 */
@Global()
@Module({
  providers: [{ provide: SiteDirectory, useExisting: SiteCatalog }],
  exports: [SiteDirectory],
})
export class SiteDirectoryModule {}
