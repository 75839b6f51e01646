import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res, Type } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Caller, CurrentCaller, TeamViews, UserPresenter } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import type { Response } from 'express';
import { ContentGrants, GrantObject } from './content-grants.service';
import { InviteToContentDto } from './dto/invite-to-content.dto';
import { UpdateGrantDto } from './dto/update-grant.dto';
import { ListAggregateQueryDto } from './dto/list-aggregate-query.dto';
import {
  ReachingPersonDto,
  ReachingPersonListDto,
  TeamContentPermissionDto,
  TeamContentPermissionListDto,
  UserContentPermissionDto,
  UserContentPermissionListDto,
} from './grant.dto';
import { PermissionAggregates } from './permission-aggregates';

/**
 * The reference's eight permission operations of one kind of object (`Space` or `Collection`), under
 * `/v1/{spaces|collections}/{id}/permissions`, with its operation ids (inviteToSpace,
 * listUserPermissionsInSpace, updateUserPermissionInSpace, removeUserFromSpace, and the same
 * for teams, and listPermissionsAggregateInSpace; ...InCollection for collections). One class
 * per kind, from one definition.
 */
function grantsController(kind: GrantObject['kind']): Type<unknown> {
  const Kind = kind === 'space' ? 'Space' : 'Collection';
  const param = `${kind}Id`;

  @ApiTags(kind === 'space' ? 'spaces' : 'collections')
  @ApiExtraModels(InviteToContentDto)
  @Controller(`v1/${kind === 'space' ? 'spaces' : 'collections'}/:${param}/permissions`)
  class GrantsController {
    constructor(
      readonly grants: ContentGrants,
      readonly aggregates: PermissionAggregates,
      readonly users: UserPresenter,
      readonly teams: TeamViews,
    ) {}

    @Post()
    @HttpCode(204)
    @ApiOperation({
      operationId: `inviteTo${Kind}`,
      summary: `Grant a role on the ${kind} to members and/or teams (the ${kind}'s create level; never above the caller's own level).`,
    })
    // As the reference's `InviteUsersAndTeams`: users, teams, or both.
    @ApiBody({ schema: { allOf: [{ $ref: getSchemaPath(InviteToContentDto) }], anyOf: [{ required: ['users'] }, { required: ['teams'] }] } })
    @ApiNoContentResponse()
    @ApiErrors(400, 403, 404)
    async invite(@CurrentCaller() caller: Caller, @Param(param) id: string, @Body() body: InviteToContentDto): Promise<void> {
      await this.grants.invite({ kind, id }, caller, body);
    }

    @Get('users')
    @ApiOperation({ operationId: `listUserPermissionsIn${Kind}`, summary: `The members granted a role on the ${kind} itself, oldest grant first.` })
    @ApiOkResponse({ type: UserContentPermissionListDto })
    @ApiErrors(400, 403, 404)
    async listUsers(@CurrentCaller() caller: Caller, @Param(param) id: string, @Query() query: ListQueryDto): Promise<ListEnvelope<UserContentPermissionDto>> {
      const page = await this.grants.listUsers({ kind, id }, caller, query);
      return toListEnvelope(page, (grant) => ({ permission: grant.role, user: this.users.present(grant.user) }));
    }

    @Patch('users/:userId')
    @HttpCode(204)
    @ApiOperation({ operationId: `updateUserPermissionIn${Kind}`, summary: `Set a member's granted role on the ${kind} (granting it when they had none).` })
    @ApiNoContentResponse()
    @ApiErrors(400, 403, 404)
    async updateUser(@CurrentCaller() caller: Caller, @Param(param) id: string, @Param('userId') userId: string, @Body() body: UpdateGrantDto): Promise<void> {
      await this.grants.set({ kind, id }, caller, 'user', userId, body.role);
    }

    @Delete('users/:userId')
    @ApiOperation({ operationId: `removeUserFrom${Kind}`, summary: `Remove a member's grant on the ${kind}: 205, or 204 when they had none.` })
    @ApiResponse({ status: 205, description: 'The grant is removed.' })
    @ApiResponse({ status: 204, description: `This member had no grant on the ${kind}.` })
    @ApiErrors(403, 404)
    async removeUser(@CurrentCaller() caller: Caller, @Param(param) id: string, @Param('userId') userId: string, @Res() res: Response): Promise<void> {
      await removed(res, this.grants.remove({ kind, id }, caller, 'user', userId));
    }

    @Get('aggregate')
    @ApiOperation({
      operationId: `listPermissionsAggregateIn${Kind}`,
      summary: `Everyone who can reach the ${kind}, with their effective level and where it comes from, in user id order.`,
    })
    @ApiOkResponse({ type: ReachingPersonListDto })
    @ApiErrors(400, 403, 404)
    async aggregate(@CurrentCaller() caller: Caller, @Param(param) id: string, @Query() query: ListAggregateQueryDto): Promise<ListEnvelope<ReachingPersonDto>> {
      const page = await this.aggregates.list({ kind, id }, caller, query);
      return toListEnvelope(page, (person) => ({
        permission: person.permission,
        user: this.users.present(person.user),
        origin: person.origin,
        ...(person.teamId ? { team: person.teamId } : {}),
      }));
    }

    @Get('teams')
    @ApiOperation({ operationId: `listTeamPermissionsIn${Kind}`, summary: `The teams granted a role on the ${kind} itself, oldest grant first.` })
    @ApiOkResponse({ type: TeamContentPermissionListDto })
    @ApiErrors(400, 403, 404)
    async listTeams(@CurrentCaller() caller: Caller, @Param(param) id: string, @Query() query: ListQueryDto): Promise<ListEnvelope<TeamContentPermissionDto>> {
      const { shared, page } = await this.grants.listTeams({ kind, id }, caller, query);
      const teams = await this.teams.present(
        shared.organizationId,
        { userId: caller.userId, role: shared.orgRole },
        page.items.map((grant) => grant.team),
      );
      return toListEnvelope(page, (grant) => ({ permission: grant.role, team: teams.get(grant.team.id)! }));
    }

    @Patch('teams/:teamId')
    @HttpCode(204)
    @ApiOperation({ operationId: `updateTeamPermissionIn${Kind}`, summary: `Set a team's granted role on the ${kind} (granting it when it had none).` })
    @ApiNoContentResponse()
    @ApiErrors(400, 403, 404)
    async updateTeam(@CurrentCaller() caller: Caller, @Param(param) id: string, @Param('teamId') teamId: string, @Body() body: UpdateGrantDto): Promise<void> {
      await this.grants.set({ kind, id }, caller, 'team', teamId, body.role);
    }

    @Delete('teams/:teamId')
    @ApiOperation({ operationId: `removeTeamFrom${Kind}`, summary: `Remove a team's grant on the ${kind}: 205, or 204 when it had none.` })
    @ApiResponse({ status: 205, description: 'The grant is removed.' })
    @ApiResponse({ status: 204, description: `This team had no grant on the ${kind}.` })
    @ApiErrors(403, 404)
    async removeTeam(@CurrentCaller() caller: Caller, @Param(param) id: string, @Param('teamId') teamId: string, @Res() res: Response): Promise<void> {
      await removed(res, this.grants.remove({ kind, id }, caller, 'team', teamId));
    }
  }
  Object.defineProperty(GrantsController, 'name', { value: `${Kind}GrantsController` });
  return GrantsController;
}

/** The reference's 205 (removed) or 204 (there was nothing to remove): the status depends on the outcome, so it is written here. */
async function removed(res: Response, outcome: Promise<boolean>): Promise<void> {
  res.status((await outcome) ? 205 : 204).end();
}

export const SpaceGrantsController = grantsController('space');
export const CollectionGrantsController = grantsController('collection');
