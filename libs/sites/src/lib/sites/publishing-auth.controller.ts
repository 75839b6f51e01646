import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { SiteAccess } from '../access/site-access';
import { SitesService } from './sites.service';

export class PublishingAuthDto {
  @ApiProperty({ enum: ['publishing-auth'] }) object: 'publishing-auth';
  @ApiProperty({ enum: ['custom'], description: 'Visitors authenticate through your own backend, which signs their JWT.' }) backend: 'custom';
  @ApiProperty({ description: 'The HS256 key visitor JWTs of this site must be signed with.' }) privateKey: string;
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
    return { object: 'publishing-auth', backend: 'custom', privateKey: this.sites.visitorKey(site) };
  }

  @Post('regenerate')
  @HttpCode(200)
  @ApiOperation({ operationId: 'regenerateSitePublishingAuthById', summary: 'A new signing key (admins): tokens signed with the old one stop working.' })
  @ApiOkResponse({ type: PublishingAuthDto })
  @ApiErrors(403, 404)
  async regenerate(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string): Promise<PublishingAuthDto> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'change signing keys');
    return { object: 'publishing-auth', backend: 'custom', privateKey: await this.sites.regenerateVisitorKey(context) };
  }
}
