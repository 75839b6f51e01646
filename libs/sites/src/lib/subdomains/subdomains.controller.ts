import { BadRequestException, Controller, Get, Injectable, NotFoundException, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ContentAccess } from '@docs/content';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, preparedStatement, SqlPool } from '@docs/platform';
import { SUBDOMAIN } from '../published/site-mount';

export class SubdomainTargetDto {
  @ApiProperty({ enum: ['organization'] }) type: 'organization';
  @ApiProperty() organization: string;
}

/** The reference's `Subdomain`. */
export class SubdomainDto {
  @ApiProperty({ enum: ['subdomain'] }) object: 'subdomain';
  @ApiProperty({ minLength: 3, maxLength: 32 }) subdomain: string;
  @ApiProperty({ type: SubdomainTargetDto }) target: SubdomainTargetDto;
  @ApiProperty({ description: 'Whether the site server shows something there: the organization has a published site.' }) isActive: boolean;
}

/** The organization of a subdomain and whether it has a published site. `$1` subdomain. */
const BY_SUBDOMAIN = preparedStatement(
  'subdomains_organization',
  `SELECT o.id, EXISTS (SELECT 1 FROM sites st WHERE st.organization_id = o.id AND st.published) AS active FROM organizations o WHERE o.subdomain = $1`,
);

/**
 * An organization's subdomain (set with `PATCH /v1/orgs/{organizationId}`): the site server
 * answers the organization's published sites at `{subdomain}.{PUBLISHED_URL's host}/{site
 * basename or id}/...`. Its members see it; anyone else gets the 404 of a subdomain nobody has.
 */
@Injectable()
export class Subdomains {
  constructor(
    private readonly sql: SqlPool,
    private readonly content: ContentAccess,
  ) {}

  async get(subdomain: string, caller: Caller): Promise<SubdomainDto> {
    if (!SUBDOMAIN.test(subdomain)) throw new BadRequestException('subdomain must be 3 to 32 lowercase letters, digits and inner dashes, e.g. acme-docs');
    const row = await this.sql.first<{ id: string; active: boolean }>(BY_SUBDOMAIN, [subdomain]);
    const notFound = new NotFoundException(`No organization of yours has the subdomain ${subdomain}.`);
    if (!row) throw notFound;
    try {
      await this.content.requireOrganization(row.id, caller);
    } catch (error) {
      if (error instanceof NotFoundException) throw notFound;
      throw error;
    }
    return { object: 'subdomain', subdomain, target: { type: 'organization', organization: row.id }, isActive: row.active };
  }
}

@ApiTags('subdomains')
@Controller('v1/subdomains')
export class SubdomainsController {
  constructor(private readonly subdomains: Subdomains) {}

  @Get(':subdomain')
  @ApiOperation({ operationId: 'getSubdomain', summary: "An organization's subdomain, under which the site server answers its published sites (members)." })
  @ApiOkResponse({ type: SubdomainDto })
  @ApiErrors(400, 404)
  get(@CurrentCaller() caller: Caller, @Param('subdomain') subdomain: string): Promise<SubdomainDto> {
    return this.subdomains.get(subdomain, caller);
  }
}
