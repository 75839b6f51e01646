import { Body, Controller, Delete, Get, HttpCode, Optional, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import type { Response } from 'express';
import { MoveDto, TransferDto } from '../ordering/dto/move.dto';
import { CreateSpaceDto } from './dto/create-space.dto';
import { GetSpaceQueryDto } from './dto/get-space-query.dto';
import { UpdateSpaceDto } from './dto/update-space.dto';
import { SpaceDto, SpaceListDto } from './space.dto';
import { SpacePresenter } from './space.presenter';
import { SpaceShareUrls } from './space-share-urls';
import { SpacesService, SpaceView } from './spaces.service';

@ApiTags('spaces')
@Controller('v1')
export class SpacesController {
  constructor(
    private readonly spaces: SpacesService,
    private readonly presenter: SpacePresenter,
    @Optional() private readonly shareUrls?: SpaceShareUrls,
  ) {}

  private present = ({ space, level }: SpaceView): SpaceDto => this.presenter.present(space, level);

  @Post('orgs/:organizationId/spaces')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createSpace',
    summary: 'Create a space at the top level (organization role create) or in a collection (create level there); it goes last.',
  })
  @ApiCreatedResponse({ type: SpaceDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSpaceDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SpaceDto> {
    const space = this.present(await this.spaces.create(organizationId, caller, body));
    res.setHeader('Location', space.urls.location);
    return space;
  }

  @Get('orgs/:organizationId/spaces')
  @ApiOperation({
    operationId: 'listSpacesInOrganizationById',
    summary: 'The spaces of an organization the caller can see: top-level ones first, then by collection, each group in its stored order.',
  })
  @ApiOkResponse({ type: SpaceListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Query() query: ListQueryDto,
  ): Promise<ListEnvelope<SpaceDto>> {
    return toListEnvelope(await this.spaces.listInOrganization(organizationId, caller, query), this.present);
  }

  @Get('spaces/:spaceId')
  @ApiOperation({ operationId: 'getSpaceById', summary: 'A space the caller can read.' })
  @ApiOkResponse({ type: SpaceDto })
  @ApiErrors(400, 404)
  async get(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: GetSpaceQueryDto): Promise<SpaceDto> {
    const view = await this.spaces.get(spaceId, caller);
    const space = this.present(view);
    // A share key resolves the published URL of the space in that share link's site.
    if (query.shareKey !== undefined && this.shareUrls) {
      const published = await this.shareUrls.publishedUrl(view.space, query.shareKey);
      if (published) space.urls.published = published;
    }
    return space;
  }

  @Patch('spaces/:spaceId')
  @ApiOperation({ operationId: 'updateSpaceById', summary: 'Change the settings of a space (admin level). Allowed on a locked space.' })
  @ApiOkResponse({ type: SpaceDto })
  @ApiErrors(400, 403, 404)
  async update(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: UpdateSpaceDto): Promise<SpaceDto> {
    return this.present(await this.spaces.update(spaceId, caller, body));
  }

  @Delete('spaces/:spaceId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteSpaceById', summary: 'Delete a space (admin level): hidden at once, restorable for 7 days.' })
  @ApiResetContentResponse({ description: 'Deleted.' })
  @ApiErrors(403, 404)
  async delete(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string): Promise<void> {
    await this.spaces.delete(spaceId, caller);
  }

  @Post('spaces/:spaceId/restore')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'restoreSpace',
    summary: 'Restore a space deleted in the last 7 days (admin level); 409 when it is not deleted or the 7 days have passed.',
  })
  @ApiOkResponse({ type: SpaceDto })
  @ApiErrors(403, 404, 409)
  async restore(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string): Promise<SpaceDto> {
    return this.present(await this.spaces.restore(spaceId, caller));
  }

  @Post('spaces/:spaceId/duplicate')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'duplicateSpace',
    summary: 'Copy a space (read level) with its settings and content, just after it (create level where it lands).',
  })
  @ApiCreatedResponse({ type: SpaceDto })
  @ApiErrors(403, 404)
  async duplicate(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SpaceDto> {
    const space = this.present(await this.spaces.duplicate(spaceId, caller));
    res.setHeader('Location', space.urls.location);
    return space;
  }

  @Post('spaces/:spaceId/move')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'moveSpace',
    summary: 'Move a space (admin level) into a collection or to the top level (create level there), before or after a sibling.',
  })
  @ApiOkResponse({ type: SpaceDto })
  @ApiErrors(400, 403, 404, 409)
  async move(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: MoveDto): Promise<SpaceDto> {
    return this.present(await this.spaces.move(spaceId, caller, body));
  }

  @Post('spaces/:spaceId/transfer')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'transferSpace',
    summary: 'Move a space (admin level) to the top level of another organization where the caller is an admin.',
  })
  @ApiOkResponse({ type: SpaceDto })
  @ApiErrors(400, 403, 404, 409)
  async transfer(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: TransferDto): Promise<SpaceDto> {
    return this.present(await this.spaces.transfer(spaceId, caller, body.organization));
  }
}
