import { Module } from '@nestjs/common';
import { CollaborationModule } from '@docs/collaboration';
import { ContentModule } from '@docs/content';
import { GitSyncModule } from '@docs/git-sync';
import { IdentityModule } from '@docs/identity';
import { IntegrationsModule } from '@docs/integrations';
import { OpenApiHostingModule } from '@docs/openapi-hosting';
import { SitesModule } from '@docs/sites';
import { WebhooksModule } from '@docs/webhooks';
import { SiteDirectoryModule } from './site-directory.module';
import { BrowserAppController } from './browser-app/browser-app.controller';
import { UrlsModule } from './urls/urls.module';

/** The HTTP api: every domain's HTTP module. main.ts composes it with the platform. */
@Module({
  imports: [IdentityModule, ContentModule, CollaborationModule, SitesModule, IntegrationsModule, SiteDirectoryModule, GitSyncModule, WebhooksModule, OpenApiHostingModule, UrlsModule],
  controllers: [BrowserAppController],
})
export class ApiModule {}
