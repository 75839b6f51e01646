import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller, MemberRole } from '@docs/identity';
import { ApiErrors, ListEnvelope, toListEnvelope } from '@docs/platform';
import { ListMemberSpacesQueryDto } from '../spaces/dto/list-member-spaces-query.dto';
import { MemberSpaceDto, MemberSpaceListDto } from '../spaces/space.dto';
import { SpacePresenter } from '../spaces/space.presenter';
import { SpacesService } from '../spaces/spaces.service';

@ApiTags('organization-members')
@Controller('v1/orgs/:organizationId/members/:userId/spaces')
export class MemberSpacesController {
  constructor(
    private readonly spaces: SpacesService,
    private readonly presenter: SpacePresenter,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listSpacesForOrganizationMember',
    summary:
      "The spaces a member can open, with the member's level on each, newest first. For organization admins and the member themselves.",
  })
  @ApiOkResponse({ type: MemberSpaceListDto })
  @ApiErrors(400, 403, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Query() query: ListMemberSpacesQueryDto,
  ): Promise<ListEnvelope<MemberSpaceDto>> {
    const page = await this.spaces.listForMember(organizationId, userId, caller, query);
    return toListEnvelope(page, ({ space, level, memberLevel }) => ({
      permission: memberLevel as MemberRole,
      space: this.presenter.present(space, level),
    }));
  }
}
