import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@docs/platform';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PublishedSiteService } from './published-site.service';

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
  @ApiOkResponse({ description: 'A published-content-site.' })
  @ApiErrors(400, 404)
  read(@Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: PublishedSiteQueryDto) {
    return this.published.read(organizationId, siteId, { shareKey: query.shareKey, visitorToken: query.jwt_token, unsignedClaims: query.unsignedClaims });
  }
}
