import { Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { SitesModule } from '@docs/sites';

/** The HTTP api: every domain's HTTP module. main.ts composes it with the platform. */
@Module({
  imports: [IdentityModule, ContentModule, SitesModule],
})
export class ApiModule {}
