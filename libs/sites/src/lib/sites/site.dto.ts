import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';
import { SITE_AGENTS_CONTEXTS, SITE_TYPES, SITE_VISIBILITIES } from './site.entity';

export class SiteUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
  @ApiProperty({ format: 'uri' }) app: string;
  @ApiPropertyOptional({ format: 'uri', description: 'Only while the site is published.' }) published?: string;
}

export class SiteProxyDto {
  @ApiProperty({ description: 'host/path, e.g. example.com/docs' }) origin: string;
  @ApiProperty({ format: 'uri', description: 'Where requests at the origin are proxied to: the published site.' }) target: string;
}

export class SiteAdaptiveContentDto {
  @ApiProperty() enabled: boolean;
}

export class SiteDto {
  @ApiProperty({ enum: ['site'] }) object: 'site';
  @ApiProperty() id: string;
  @ApiProperty({ enum: SITE_TYPES }) type: string;
  @ApiProperty({ minLength: 2, maxLength: 128 }) title: string;
  @ApiPropertyOptional({ maxLength: 512 }) hostname?: string;
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 }) basename?: string;
  @ApiPropertyOptional({ type: SiteProxyDto }) proxy?: SiteProxyDto;
  @ApiProperty({ enum: SITE_VISIBILITIES }) visibility: string;
  @ApiProperty() published: boolean;
  @ApiProperty({ description: 'Site spaces of the site whose space is not deleted.' }) siteSpaces: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: SiteAdaptiveContentDto }) adaptiveContent: SiteAdaptiveContentDto;
  @ApiProperty({ enum: SITE_AGENTS_CONTEXTS }) agentsContext: string;
  @ApiProperty({ type: [Object], description: 'Always empty: every feature is available.' }) features: unknown[];
  @ApiProperty({ type: SiteUrlsDto }) urls: SiteUrlsDto;
}

export class SiteListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [SiteDto] }) items: SiteDto[];
}
