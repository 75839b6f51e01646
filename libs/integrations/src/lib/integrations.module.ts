import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentCoreModule } from '@docs/content';
import { IdentityCoreModule } from '@docs/identity';
import { WebhooksCoreModule } from '@docs/webhooks';
import { IntegrationEventsController } from './events/integration-events.controller';
import { InstallationEvents } from './installations/installation-events';
import { InstallationEntity } from './installations/installation.entity';
import { InstallationPresenter } from './installations/installation.presenter';
import { InstallationsController } from './installations/installations.controller';
import { InstallationsService } from './installations/installations.service';
import { SiteInstallationEntity } from './installations/site-installation.entity';
import { SiteInstallationsController } from './installations/site-installations.controller';
import { SiteInstallationsService } from './installations/site-installations.service';
import { SpaceInstallationEntity } from './installations/space-installation.entity';
import { SpaceInstallationsController } from './installations/space-installations.controller';
import { SpaceInstallationsService } from './installations/space-installations.service';
import { IntegrationAssetEntity } from './integrations/integration-asset.entity';
import { IntegrationAssetsController } from './integrations/integration-assets.controller';
import { IntegrationEntity } from './integrations/integration.entity';
import { IntegrationPresenter } from './integrations/integration.presenter';
import { IntegrationSecrets } from './integrations/integration-secrets';
import { IntegrationViews } from './integrations/integration-views';
import { IntegrationsController } from './integrations/integrations.controller';
import { IntegrationsService } from './integrations/integrations.service';
import { TranslationSettingsController } from './translations/translation-settings.controller';
import { TranslationSettingsEntity } from './translations/translation-settings.entity';
import { TranslationSettingsPresenter } from './translations/translation-settings.presenter';
import { TranslationSettingsService } from './translations/translation-settings.service';

const entities = TypeOrmModule.forFeature([
  TranslationSettingsEntity,
  IntegrationEntity,
  IntegrationAssetEntity,
  InstallationEntity,
  SpaceInstallationEntity,
  SiteInstallationEntity,
]);

/**
 * Translation settings, integrations and their installations: the HTTP surface and its services.
 * Site installations read sites through `SiteDirectory`, which libs/sites provides globally.
 */
@Module({
  imports: [IdentityCoreModule, ContentCoreModule, WebhooksCoreModule, entities],
  controllers: [
    TranslationSettingsController,
    IntegrationsController,
    IntegrationAssetsController,
    InstallationsController,
    SpaceInstallationsController,
    SiteInstallationsController,
    IntegrationEventsController,
  ],
  providers: [
    TranslationSettingsService,
    TranslationSettingsPresenter,
    IntegrationsService,
    IntegrationPresenter,
    IntegrationSecrets,
    IntegrationViews,
    InstallationsService,
    InstallationPresenter,
    SpaceInstallationsService,
    SiteInstallationsService,
    InstallationEvents,
  ],
})
export class IntegrationsModule {}
