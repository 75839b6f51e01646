import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenNotNull, WhenPresent } from '@docs/content';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { PATH_PATTERN } from '../../structure/paths';
import { SITE_AGENTS_CONTEXTS, SITE_VISIBILITIES, SiteAgentsContext, SiteVisibility } from '../site.entity';

/**
 * The reference's `SiteHostname` pattern: lowercase labels of letters, digits and inner dashes,
 * three labels or more, the last (the top-level domain) of two characters or more.
 */
export const HOSTNAME_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
/** `host/path`: a dotted host with a top-level domain of letters, then one or more path segments. */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;

export class AdaptiveContentDto {
  @ApiProperty({ type: Boolean })
  @IsBoolean()
  enabled: boolean;
}

/** Body of `PATCH .../sites/{siteId}`: every field optional; null only where it removes something. */
export class UpdateSiteDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 128 })
  @WhenPresent()
  @IsString()
  @MinLength(2)
  @MaxLength(128)
  title?: string;

  @ApiPropertyOptional({ enum: SITE_VISIBILITIES })
  @WhenPresent()
  @IsIn(SITE_VISIBILITIES)
  visibility?: SiteVisibility;

  @ApiPropertyOptional({ minLength: 1, maxLength: 100, description: 'Last segment of the published URL; unique in the organization.' })
  @WhenPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @Matches(PATH_PATTERN, { message: '$property may hold only letters, digits, ".", "_", "~" and "-", starting with a letter or digit' })
  basename?: string;

  @ApiPropertyOptional({ maxLength: 512, nullable: true, description: 'Custom hostname (lowercase, three labels or more), unique in the installation; null removes it.' })
  @WhenNotNull()
  @IsString()
  @MaxLength(512)
  @Matches(HOSTNAME_PATTERN, { message: '$property must be a lowercase hostname of three labels or more, the last of two characters or more, e.g. docs.example.com' })
  hostname?: string | null;

  @ApiPropertyOptional({ type: AdaptiveContentDto })
  @WhenPresent()
  @ValidateNested()
  @Type(() => AdaptiveContentDto)
  adaptiveContent?: AdaptiveContentDto;

  @ApiPropertyOptional({ enum: SITE_AGENTS_CONTEXTS })
  @WhenPresent()
  @IsIn(SITE_AGENTS_CONTEXTS)
  agentsContext?: SiteAgentsContext;

  @ApiPropertyOptional({ description: 'A site space at the root of a site without sections, or in the default section: becomes its default.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  defaultSiteSpace?: string;

  @ApiPropertyOptional({ description: 'A section of the site: becomes the default section.' })
  @WhenPresent()
  @IsString()
  @IsNotEmpty()
  defaultSiteSection?: string;

  @ApiPropertyOptional({ maxLength: 512, nullable: true, description: '`host/path` the site is served at, e.g. example.com/docs; null removes it.' })
  @WhenNotNull()
  @IsString()
  @MaxLength(512)
  @Matches(PROXY_PATTERN, { message: '$property must look like example.com/docs (a host, then one or more path segments)' })
  proxy?: string | null;
}
