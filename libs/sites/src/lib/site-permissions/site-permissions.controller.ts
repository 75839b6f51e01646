import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller, MEMBER_ROLES, type MemberRole, UserDto, UserPresenter } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListEnvelopeDto, ListQueryDto, toListEnvelope } from '@docs/platform';
import { SitePermissions } from './site-permissions.service';

class OrganizationOriginDto {
  @ApiProperty({ enum: ['organization'] }) type: 'organization';
  @ApiProperty() organization: string;
}

/** The reference's `UserSitePermission`. */
class UserSitePermissionDto {
  @ApiProperty({ enum: MEMBER_ROLES }) permission: MemberRole;
  @ApiProperty({ type: UserDto }) user: UserDto;
  @ApiProperty({ type: OrganizationOriginDto, description: 'Where the level comes from: a site is read by every member with a role.' }) origin: OrganizationOriginDto;
}

class UserSitePermissionListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [UserSitePermissionDto] }) items: UserSitePermissionDto[];
}

@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/permissions')
export class SitePermissionsController {
  constructor(
    private readonly permissions: SitePermissions,
    private readonly users: UserPresenter,
  ) {}

  @Get('aggregate')
  @ApiOperation({
    operationId: 'listPermissionsAggregateInSite',
    summary: 'Everyone who can reach the site (every member with a role, at that role), in user id order.',
  })
  @ApiOkResponse({ type: UserSitePermissionListDto })
  @ApiErrors(400, 404)
  async aggregate(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Query() query: ListQueryDto,
  ): Promise<ListEnvelope<UserSitePermissionDto>> {
    const page = await this.permissions.aggregate(organizationId, siteId, caller, query);
    return toListEnvelope(page, (person) => ({
      permission: person.role,
      user: this.users.present(person.user),
      origin: { type: 'organization', organization: organizationId },
    }));
  }
}
