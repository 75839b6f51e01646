import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentCoreModule } from '@docs/content';
import { IdentityCoreModule } from '@docs/identity';
import { TranslationSettingsController } from './translations/translation-settings.controller';
import { TranslationSettingsEntity } from './translations/translation-settings.entity';
import { TranslationSettingsPresenter } from './translations/translation-settings.presenter';
import { TranslationSettingsService } from './translations/translation-settings.service';

const entities = TypeOrmModule.forFeature([TranslationSettingsEntity]);

/** Translation settings, integrations and their installations: the HTTP surface and its services. */
@Module({
  imports: [IdentityCoreModule, ContentCoreModule, entities],
  controllers: [TranslationSettingsController],
  providers: [TranslationSettingsService, TranslationSettingsPresenter],
})
export class IntegrationsModule {}
