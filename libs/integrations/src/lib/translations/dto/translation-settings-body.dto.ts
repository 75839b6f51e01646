import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { ArrayMaxSize, IsArray, IsString, MaxLength, MinLength, registerDecorator } from 'class-validator';
import { canonicalLanguageTag, MAX_LANGUAGES } from '../language-tags';

/** Every element a BCP 47 language tag that `Intl` accepts; the message names the first that is not. */
function IsLanguageTags(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isLanguageTags',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        // Not an array: @IsArray reports it.
        validate: (value: unknown) =>
          !Array.isArray(value) || value.every((tag) => typeof tag === 'string' && tag.length <= 64 && canonicalLanguageTag(tag) !== undefined),
        defaultMessage: (args) => {
          const tags = Array.isArray(args?.value) ? (args.value as unknown[]) : [];
          const index = tags.findIndex((tag) => typeof tag !== 'string' || tag.length > 64 || canonicalLanguageTag(tag) === undefined);
          return `languages[${index}] must be a BCP 47 language tag such as en, fr-CA or zh-Hant`;
        },
      },
    });
}

/** Create (`POST`) and replace (`PUT`) take the same body. */
export class TranslationSettingsBodyDto {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  title: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_LANGUAGES,
    example: ['fr', 'de', 'pt-BR'],
    description:
      'Extension of the specification: BCP 47 language tags, stored canonicalized (en-us -> en-US), duplicates dropped. ' +
      'Absent: [] on create, unchanged on replace.',
  })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(MAX_LANGUAGES)
  @IsLanguageTags()
  languages?: string[];
}
