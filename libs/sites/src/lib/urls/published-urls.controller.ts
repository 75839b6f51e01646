import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ApiErrors, QueryBoolean, referenceSchema } from '@docs/platform';
import { Type } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { PublishedUrlResolution, PublishedUrlResolver, UrlVisitor } from './published-url-resolver';

export class PublishedUrlQueryDto {
  @ApiProperty({ maxLength: 2048, description: 'The URL to resolve: of a published site (its path under PUBLISHED_URL, its custom hostname or its proxy), with `?share=<key>` for a share-link site.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  url: string;

  @ApiPropertyOptional({ maxLength: 8192, description: "A visitor JWT signed with the site's key (visitor-auth sites; elsewhere its claims select conditional content)." })
  @IsOptional()
  @IsString()
  @MaxLength(8192)
  visitorAuthToken?: string;

  @ApiPropertyOptional({ type: Boolean, default: false, description: "When a visitor-auth site's token is missing or invalid: its fallback URL as a redirect instead of a 404." })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  redirectOnError?: boolean;
}

export class UrlVisitorDto {
  @ApiPropertyOptional({ maxLength: 8192, description: "A visitor JWT signed with the site's key." })
  @IsOptional()
  @IsString()
  @MaxLength(8192)
  jwtToken?: string;
}

export class ResolvePublishedUrlDto {
  @ApiProperty({ maxLength: 2048, description: 'The URL to resolve.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  url: string;

  @ApiPropertyOptional({ type: Boolean, default: false })
  @IsOptional()
  @IsBoolean()
  redirectOnError?: boolean;

  @ApiPropertyOptional({ type: UrlVisitorDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => UrlVisitorDto)
  visitor?: UrlVisitorDto;
}

/** The reference's `PublishedSiteContentLookup`: a redirect, or the site content. */
const LOOKUP_SCHEMA = referenceSchema('PublishedSiteContentLookup');

@ApiTags('urls')
@Controller('v1/urls/published')
export class PublishedUrlsController {
  constructor(private readonly resolver: PublishedUrlResolver) {}

  @Get()
  @ApiOperation({ operationId: 'getPublishedContentByUrl', summary: 'What a published URL shows: organization, site, section, site space, space and page path (as its visitor may see it).' })
  @ApiOkResponse({ schema: LOOKUP_SCHEMA })
  @ApiErrors(400, 404)
  async get(@Query() query: PublishedUrlQueryDto) {
    return present(await this.resolver.resolve(query.url, { visitorToken: query.visitorAuthToken, redirectOnError: query.redirectOnError }));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ operationId: 'resolvePublishedContentByUrl', summary: 'getPublishedContentByUrl with the visitor in the body.' })
  @ApiOkResponse({ schema: LOOKUP_SCHEMA })
  @ApiErrors(400, 404)
  async resolve(@Body() body: ResolvePublishedUrlDto) {
    const visitor: UrlVisitor = { visitorToken: body.visitor?.jwtToken, redirectOnError: body.redirectOnError };
    return present(await this.resolver.resolve(body.url, visitor));
  }
}

/** A resolution -> the reference's `PublishedSiteContentLookup`. */
export function present(resolution: PublishedUrlResolution): Record<string, unknown> {
  if (resolution.kind === 'redirect') return { target: resolution.target, redirect: resolution.redirect };
  return {
    organization: resolution.site.organizationId,
    site: resolution.site.id,
    ...(resolution.section ? { siteSection: resolution.section.id } : {}),
    siteSpace: resolution.siteSpace.id,
    space: resolution.siteSpace.spaceId,
    pathname: resolution.pathname,
    basePath: resolution.basePath,
    siteBasePath: resolution.siteBasePath,
    apiToken: resolution.apiToken,
    ...(resolution.shareKey ? { shareKey: resolution.shareKey } : {}),
    complete: resolution.complete,
    ...(resolution.contextId ? { contextId: resolution.contextId } : {}),
    ...(resolution.changeRequest ? { changeRequest: resolution.changeRequest, revision: resolution.revision } : {}),
    canonicalUrl: resolution.canonicalUrl,
  };
}
