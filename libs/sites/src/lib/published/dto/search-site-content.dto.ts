import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { ApiSchemaRules, ListQueryDto } from '@docs/platform';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

export const SEARCH_SCOPE_MODES = ['default', 'specific', 'all'] as const;

/** The reference's `SiteSearchScope`: `default` (each section's default content, and `currentSiteSpace`), `specific` (`siteSpaceIds`) or `all`. */
@ApiSchemaRules({
  oneOf: [
    { properties: { mode: { enum: ['default'] } }, not: { required: ['siteSpaceIds'] } },
    { properties: { mode: { enum: ['specific'] } }, required: ['siteSpaceIds'], not: { anyOf: [{ required: ['currentSiteSpace'] }, { required: ['includedSiteSpaces'] }] } },
    { properties: { mode: { enum: ['all'] } }, not: { anyOf: [{ required: ['siteSpaceIds'] }, { required: ['currentSiteSpace'] }, { required: ['includedSiteSpaces'] }] } },
  ],
})
export class SiteSearchScopeDto {
  @ApiProperty({ enum: SEARCH_SCOPE_MODES })
  @IsIn(SEARCH_SCOPE_MODES)
  mode: (typeof SEARCH_SCOPE_MODES)[number];

  @ApiPropertyOptional({ description: 'mode default: a site space searched besides the default ones.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  currentSiteSpace?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 100, deprecated: true, description: 'mode default: more site spaces searched besides the default ones.' })
  @WhenPresent()
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @ArrayMaxSize(100)
  includedSiteSpaces?: string[];

  @ApiPropertyOptional({ type: [String], minItems: 1, maxItems: 100, description: 'mode specific: the site spaces searched.' })
  @WhenPresent()
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  siteSpaceIds?: string[];
}

/**
 * Body of `searchSiteContent`: `query` and one way to say where: `scope`, or the deprecated
 * `mode` (`all`, `current` with `siteSpaceId`, `specific`) with `siteSpaceIds`.
 */
@ApiSchemaRules({
  oneOf: [
    { required: ['scope'], not: { anyOf: [{ required: ['mode'] }, { required: ['siteSpaceIds'] }, { required: ['siteSpaceId'] }] } },
    { properties: { mode: { enum: ['specific'] } }, required: ['siteSpaceIds'], not: { anyOf: [{ required: ['scope'] }, { required: ['siteSpaceId'] }] } },
    { properties: { mode: { enum: ['current'] } }, required: ['mode', 'siteSpaceId'], not: { anyOf: [{ required: ['scope'] }, { required: ['siteSpaceIds'] }] } },
    { properties: { mode: { enum: ['all'] } }, required: ['mode'], not: { anyOf: [{ required: ['scope'] }, { required: ['siteSpaceIds'] }, { required: ['siteSpaceId'] }] } },
  ],
})
export class SearchSiteContentDto {
  @ApiProperty({ maxLength: 512, description: 'Words to find; every word is required, the last one also matches as a prefix.' })
  @IsString()
  @MaxLength(512)
  query: string;

  @ApiPropertyOptional({ type: SiteSearchScopeDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => SiteSearchScopeDto)
  scope?: SiteSearchScopeDto;

  @ApiPropertyOptional({ enum: ['specific', 'current', 'all'], deprecated: true, description: 'Use scope.' })
  @WhenPresent()
  @IsIn(['specific', 'current', 'all'])
  mode?: 'specific' | 'current' | 'all';

  @ApiPropertyOptional({ type: [String], minItems: 1, maxItems: 100, deprecated: true, description: 'With mode specific (or alone). Use scope.' })
  @WhenPresent()
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  siteSpaceIds?: string[];

  @ApiPropertyOptional({ deprecated: true, description: 'With mode current. Use scope.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  siteSpaceId?: string;
}

/** Query of `searchSiteContent`: the list's `page` and `limit`, and the audience's credentials as on `getPublishedContentSite`. */
export class SearchSiteContentQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ maxLength: 512, description: 'Key of an active share link (share-link sites).' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  shareKey?: string;

  @ApiPropertyOptional({ maxLength: 8192, description: "A visitor JWT signed with the site's key (required by visitor-auth sites)." })
  @IsOptional()
  @IsString()
  @MaxLength(8192)
  jwt_token?: string;

  @ApiPropertyOptional({ maxLength: 8192, description: 'Unsigned visitor claims, as a JSON object matching the unsigned part of the adaptive schema.' })
  @IsOptional()
  @IsString()
  @MaxLength(8192)
  unsignedClaims?: string;
}
