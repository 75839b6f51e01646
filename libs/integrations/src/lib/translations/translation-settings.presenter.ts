import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { TranslationSettingsDto } from './translation-settings.dto';
import type { TranslationSettingsEntity } from './translation-settings.entity';

/** TranslationSettingsEntity -> specification 2.18's TranslationSettings, for a caller who may or may not edit. */
@Injectable()
export class TranslationSettingsPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(settings: TranslationSettingsEntity, canEdit: boolean): TranslationSettingsDto {
    return {
      object: 'translation-settings',
      id: settings.id,
      title: settings.title,
      languages: settings.languages,
      createdAt: settings.createdAt.toISOString(),
      updatedAt: settings.updatedAt.toISOString(),
      permissions: { view: true, edit: canEdit },
      urls: { location: this.urls.api('v1/orgs', settings.organizationId, 'translations', settings.id) },
    };
  }
}
