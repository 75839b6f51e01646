import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';

export class TranslationSettingsPermissionsDto {
  @ApiProperty() view: boolean;
  @ApiProperty({ description: 'Replace and delete: organization admins.' }) edit: boolean;
}

export class TranslationSettingsUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
}

/** Specification 2.18 (not the reference's Translation, see API-CONVENTIONS). */
export class TranslationSettingsDto {
  @ApiProperty({ enum: ['translation-settings'] }) object: 'translation-settings';
  @ApiProperty() id: string;
  @ApiProperty({ minLength: 1, maxLength: 100 }) title: string;
  @ApiProperty({ type: [String], description: 'Canonical BCP 47 language tags.' }) languages: string[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: TranslationSettingsPermissionsDto }) permissions: TranslationSettingsPermissionsDto;
  @ApiProperty({ type: TranslationSettingsUrlsDto }) urls: TranslationSettingsUrlsDto;
}

export class TranslationSettingsListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [TranslationSettingsDto] }) items: TranslationSettingsDto[];
}
