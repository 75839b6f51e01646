import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiSchemaRules } from '@docs/platform';
import { Type } from 'class-transformer';
import { IsIn, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { SPEC_SLUG_PATTERN } from '../openapi-spec.dto';
import { SPEC_VISIBILITIES, SpecVisibility } from '../openapi-spec.entity';
import { SpecSourceDto, WhenPresent } from './spec-source.dto';

const SLUG = new RegExp(SPEC_SLUG_PATTERN);

/** Body of `POST /orgs/{organizationId}/openapi`. */
export class CreateOpenApiSpecDto {
  @ApiProperty({ minLength: 1, maxLength: 100, pattern: SPEC_SLUG_PATTERN, description: 'Unique in the organization (409 otherwise).' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @Matches(SLUG, { message: 'slug must be lower-case letters and digits in words joined by single hyphens (e.g. payments-api)' })
  slug: string;

  @ApiProperty({ type: SpecSourceDto })
  @ValidateNested()
  @Type(() => SpecSourceDto)
  source: SpecSourceDto;
}

/** Body of `PUT /orgs/{organizationId}/openapi/{specSlug}`: creates the spec or replaces its source. */
export class PutOpenApiSpecDto {
  @ApiProperty({ type: SpecSourceDto, description: 'A new source, or the same URL again, processes the spec again.' })
  @ValidateNested()
  @Type(() => SpecSourceDto)
  source: SpecSourceDto;
}

/** Body of `PATCH /orgs/{organizationId}/openapi/{specSlug}`: the reference's visibility, and (an extension) the source. */
@ApiSchemaRules({ minProperties: 1 })
export class PatchOpenApiSpecDto {
  @ApiPropertyOptional({ enum: SPEC_VISIBILITIES, description: 'public: the latest version is served at urls.published without a token.' })
  @WhenPresent()
  @IsIn(SPEC_VISIBILITIES)
  visibility?: SpecVisibility;

  @ApiPropertyOptional({ type: SpecSourceDto, description: 'Extension of the reference: a new source, or the same URL again, processes the spec again.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SpecSourceDto)
  source?: SpecSourceDto;
}
