import { Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { IntegrationsModule } from '@docs/integrations';

/** The HTTP api: every domain's HTTP module. main.ts composes it with the platform. */
@Module({
  imports: [IdentityModule, ContentModule, IntegrationsModule],
})
export class ApiModule {}
