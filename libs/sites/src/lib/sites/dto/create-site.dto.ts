import { ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { trimmedStringPattern } from '@docs/platform';
import { IsIn, IsString, MaxLength, MinLength, registerDecorator } from 'class-validator';
import { SITE_TYPES, SITE_VISIBILITIES, SiteType, SiteVisibility } from '../site.entity';

/** The value of `spaces` that asks for a new space (the specification's "enum value", which it does not show). */
export const NEW_SPACE = 'new';

/** `spaces`: an array of 0 to 100 non-empty space ids, or `"new"`. */
function IsSpacesValue(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isSpacesValue',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) =>
          value === NEW_SPACE || (Array.isArray(value) && value.length <= 100 && value.every((id) => typeof id === 'string' && id.length > 0)),
        defaultMessage: () => `$property must be an array of at most 100 space ids, or "${NEW_SPACE}"`,
      },
    });
}

export class CreateSiteDto {
  @ApiPropertyOptional({ enum: SITE_TYPES, default: 'basic' })
  @WhenPresent()
  @IsIn(SITE_TYPES)
  type?: SiteType;

  @ApiPropertyOptional({ minLength: 2, maxLength: 128, default: 'Untitled site' })
  @WhenPresent()
  @IsString()
  @MinLength(2)
  @MaxLength(128)
  title?: string;

  @ApiPropertyOptional({ enum: SITE_VISIBILITIES, default: 'public' })
  @WhenPresent()
  @IsIn(SITE_VISIBILITIES)
  visibility?: SiteVisibility;

  @ApiPropertyOptional({
    oneOf: [
      // Ids are trimmed like every declared string, then must not be empty (IsSpacesValue).
      { type: 'array', items: { type: 'string', minLength: 1, pattern: trimmedStringPattern(1), description: 'A space id. Leading and trailing whitespace is removed first.' }, maxItems: 100 },
      { type: 'string', enum: [NEW_SPACE] },
    ],
    description: `Ids of spaces to publish, as site spaces at the root, in this order (the first is the default); or "${NEW_SPACE}": a new space titled like the site (needs the create role).`,
  })
  @WhenPresent()
  @IsSpacesValue()
  spaces?: string[] | typeof NEW_SPACE;
}
