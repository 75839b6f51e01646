import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { ListEnvelopeDto, ListQueryDto, referenceProperty } from '@docs/platform';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { SiteRedirectDestination } from './site-redirect.entity';

/** The reference's `SiteRedirectSourcePath`: `/` and segments of unreserved or percent-encoded characters. */
export const REDIRECT_SOURCE_PATTERN = /^\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)*$/;
const SOURCE_MESSAGE = 'source must be a path below the site: "/" then segments of letters, digits, "-", ".", "_", "~" or %XX, separated by "/" (no trailing "/")';

export class SiteRedirectDto {
  @ApiProperty({ enum: ['site-redirect'] }) object: 'site-redirect';
  @ApiProperty() id: string;
  @ApiProperty({ maxLength: 512, pattern: REDIRECT_SOURCE_PATTERN.source }) source: string;
  @ApiProperty(referenceProperty('SiteRedirectDestination')) destination: SiteRedirectDestination;
}

export class SiteRedirectListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [SiteRedirectDto] }) items: SiteRedirectDto[];
}

export class SiteRedirectBySourceDto {
  @ApiProperty({ type: SiteRedirectDto }) redirect: SiteRedirectDto;
  @ApiProperty({ format: 'uri', description: 'The published URL it leads to.' }) target: string;
}

export class CreateSiteRedirectDto {
  @ApiProperty({ maxLength: 512, pattern: REDIRECT_SOURCE_PATTERN.source })
  @IsString()
  @MaxLength(512)
  @Matches(REDIRECT_SOURCE_PATTERN, { message: SOURCE_MESSAGE })
  source: string;

  @ApiProperty(referenceProperty('SiteRedirectDestination'))
  @IsObject()
  destination: Record<string, unknown>;
}

export class UpdateSiteRedirectDto {
  @ApiPropertyOptional({ maxLength: 512, pattern: REDIRECT_SOURCE_PATTERN.source })
  @WhenPresent()
  @IsString()
  @MaxLength(512)
  @Matches(REDIRECT_SOURCE_PATTERN, { message: SOURCE_MESSAGE })
  source?: string;

  @ApiPropertyOptional(referenceProperty('SiteRedirectDestination'))
  @WhenPresent()
  @IsObject()
  destination?: Record<string, unknown>;
}

export class ListSiteRedirectsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Redirects whose source contains this text (case-insensitive).', maxLength: 512 })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  search?: string;
}

export class SiteRedirectBySourceQueryDto {
  @ApiProperty({ maxLength: 512, pattern: REDIRECT_SOURCE_PATTERN.source })
  @IsString()
  @MaxLength(512)
  @Matches(REDIRECT_SOURCE_PATTERN, { message: SOURCE_MESSAGE })
  source: string;

  @ApiPropertyOptional({ description: 'Key of an active share link (share-link sites): the target URL carries it.' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  shareKey?: string;
}
