import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { WhenNotNull } from '@docs/content';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { IsIn, IsUrl, MaxLength } from 'class-validator';
import { SiteAccess } from '../access/site-access';
import type { SiteEntity } from './site.entity';
import { SitesService } from './sites.service';

export class PublishingAuthDto {
  @ApiProperty({ enum: ['publishing-auth'] }) object: 'publishing-auth';
  @ApiProperty({ enum: ['custom'], description: 'Visitors authenticate through your own backend, which signs their JWT.' }) backend: 'custom';
  @ApiProperty({ description: 'The HS256 key visitor JWTs of this site must be signed with.' }) privateKey: string;
  @ApiPropertyOptional({ format: 'uri', description: 'Where the published site sends visitors whose token is missing, expired or not valid (else it answers a 401 page).' })
  fallbackURL?: string;
}

/** Body of `PATCH .../publishing/auth`: the backend (only `custom` here) and the fallback URL. */
export class UpdatePublishingAuthDto {
  @ApiProperty({ enum: ['custom'], description: 'Your own backend signs visitor JWTs (integration backends are not available).' })
  @IsIn(['custom'])
  backend: 'custom';

  @ApiPropertyOptional({ type: String, format: 'uri', maxLength: 2048, nullable: true, description: 'An http(s) URL; absent: unchanged; null: removed (a 401 page then).' })
  @WhenNotNull()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: '$property must be an http(s) URL' })
  fallbackURL?: string | null;
}

/** The key of a visitor-auth site: what the site's own backend signs visitor JWTs with. Admins only. */
@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/publishing/auth')
export class PublishingAuthController {
  constructor(
    private readonly access: SiteAccess,
    private readonly sites: SitesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'getSitePublishingAuthById', summary: "The site's visitor token signing key (admins)." })
  @ApiOkResponse({ type: PublishingAuthDto })
  @ApiErrors(403, 404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string): Promise<PublishingAuthDto> {
    const { site } = await this.access.site(organizationId, siteId, caller, 'manage', 'read signing keys');
    return this.present(site);
  }

  @Patch()
  @ApiOperation({ operationId: 'updateSitePublishingAuthById', summary: 'Set where visitors without a valid token go (admins).' })
  @ApiOkResponse({ type: PublishingAuthDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: UpdatePublishingAuthDto,
  ): Promise<PublishingAuthDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change visitor authentication');
    if (body.fallbackURL !== undefined) await this.sites.setVisitorFallbackUrl(context, body.fallbackURL);
    return this.present(context.site);
  }

  private present(site: SiteEntity): PublishingAuthDto {
    return {
      object: 'publishing-auth',
      backend: 'custom',
      privateKey: this.sites.visitorKey(site),
      ...(site.visitorFallbackUrl ? { fallbackURL: site.visitorFallbackUrl } : {}),
    };
  }

  @Post('regenerate')
  @HttpCode(200)
  @ApiOperation({ operationId: 'regenerateSitePublishingAuthById', summary: 'A new signing key (admins): tokens signed with the old one stop working.' })
  @ApiOkResponse({ type: PublishingAuthDto })
  @ApiErrors(403, 404)
  async regenerate(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string): Promise<PublishingAuthDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change signing keys');
    await this.sites.regenerateVisitorKey(context);
    return this.present(context.site);
  }
}
