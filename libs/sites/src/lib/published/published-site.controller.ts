import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@docs/platform';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { SiteDto } from '../sites/site.dto';
import { SiteStructureDto } from '../structure/site-structure.dto';
import { PublishedSiteService } from './published-site.service';

export class PublishedCustomizationsDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The site's customization settings (the defaults until set)." }) site: object;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'object', additionalProperties: true }, description: 'What each site space that overrides any of them shows, by site space id.' }) siteSpaces: Record<string, object>;
}

export class PublishedContentSiteDto {
  @ApiProperty({ enum: ['published-content-site'] }) object: 'published-content-site';
  @ApiProperty({ type: SiteDto }) site: SiteDto;
  @ApiProperty({ type: SiteStructureDto, description: 'What the visitor may see: conditions applied.' }) structure: SiteStructureDto;
  @ApiProperty({ type: PublishedCustomizationsDto }) customizations: PublishedCustomizationsDto;
  @ApiProperty({ type: [Object], description: 'Integration scripts: none.' }) scripts: object[];
}

export class PublishedSiteQueryDto {
  @ApiPropertyOptional({ description: 'Key of an active share link (share-link sites).' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  shareKey?: string;

  @ApiPropertyOptional({ description: "A visitor JWT signed with the site's key (required by visitor-auth sites): its claims select conditional content." })
  @IsOptional()
  @IsString()
  @MaxLength(8192)
  jwt_token?: string;

  @ApiPropertyOptional({ description: 'Unsigned visitor claims, as a JSON object matching the unsigned part of the adaptive schema.' })
  @IsOptional()
  @IsString()
  @MaxLength(8192)
  unsignedClaims?: string;
}

@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/published')
export class PublishedSiteController {
  constructor(private readonly published: PublishedSiteService) {}

  @Get()
  @ApiOperation({ operationId: 'getPublishedContentSite', summary: 'The published site and its structure as its audience sees it.' })
  @ApiOkResponse({ type: PublishedContentSiteDto })
  @ApiErrors(400, 404)
  read(@Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: PublishedSiteQueryDto) {
    return this.published.read(organizationId, siteId, { shareKey: query.shareKey, visitorToken: query.jwt_token, unsignedClaims: query.unsignedClaims });
  }
}
