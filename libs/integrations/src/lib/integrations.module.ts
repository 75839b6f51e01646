import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentCoreModule } from '@docs/content';
import { IdentityCoreModule } from '@docs/identity';
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

const entities = TypeOrmModule.forFeature([TranslationSettingsEntity, IntegrationEntity, IntegrationAssetEntity]);

/** Translation settings, integrations and their installations: the HTTP surface and its services. */
@Module({
  imports: [IdentityCoreModule, ContentCoreModule, entities],
  controllers: [TranslationSettingsController, IntegrationsController, IntegrationAssetsController],
  providers: [
    TranslationSettingsService,
    TranslationSettingsPresenter,
    IntegrationsService,
    IntegrationPresenter,
    IntegrationSecrets,
    IntegrationViews,
  ],
})
export class IntegrationsModule {}
