import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import type { Response } from 'express';
import { MoveDto, TransferDto } from '../ordering/dto/move.dto';
import { SpaceDto, SpaceListDto } from '../spaces/space.dto';
import { SpacePresenter } from '../spaces/space.presenter';
import { CollectionDto, CollectionListDto } from './collection.dto';
import { CollectionPresenter } from './collection.presenter';
import { CollectionsService, CollectionView } from './collections.service';
import { CreateCollectionDto } from './dto/create-collection.dto';
import { ListCollectionsQueryDto } from './dto/list-collections-query.dto';
import { UpdateCollectionDto } from './dto/update-collection.dto';

@ApiTags('collections')
@Controller('v1')
export class CollectionsController {
  constructor(
    private readonly collections: CollectionsService,
    private readonly presenter: CollectionPresenter,
    private readonly spacePresenter: SpacePresenter,
  ) {}

  private present = ({ collection, level }: CollectionView): CollectionDto => this.presenter.present(collection, level);

  @Post('orgs/:organizationId/collections')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createCollection',
    summary: 'Create a collection at the top level (organization role create) or in a collection (create level there); it goes last.',
  })
  @ApiCreatedResponse({ type: CollectionDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateCollectionDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CollectionDto> {
    const collection = this.present(await this.collections.create(organizationId, caller, body));
    res.setHeader('Location', collection.urls.location);
    return collection;
  }

  @Get('orgs/:organizationId/collections')
  @ApiOperation({
    operationId: 'listCollectionsInOrganizationById',
    summary: 'The collections the caller can see: top-level ones first, then by parent, each group in its stored order.',
  })
  @ApiOkResponse({ type: CollectionListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Query() query: ListCollectionsQueryDto,
  ): Promise<ListEnvelope<CollectionDto>> {
    return toListEnvelope(await this.collections.list(organizationId, caller, query), this.present);
  }

  @Get('collections/:collectionId')
  @ApiOperation({ operationId: 'getCollectionById', summary: 'A collection the caller can read.' })
  @ApiOkResponse({ type: CollectionDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('collectionId') collectionId: string): Promise<CollectionDto> {
    return this.present(await this.collections.get(collectionId, caller));
  }

  @Patch('collections/:collectionId')
  @ApiOperation({ operationId: 'updateCollectionById', summary: 'Change the title, description or default level (admin level).' })
  @ApiOkResponse({ type: CollectionDto })
  @ApiErrors(400, 403, 404)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('collectionId') collectionId: string,
    @Body() body: UpdateCollectionDto,
  ): Promise<CollectionDto> {
    return this.present(await this.collections.update(collectionId, caller, body));
  }

  @Delete('collections/:collectionId')
  @HttpCode(205)
  @ApiOperation({
    operationId: 'deleteCollectionById',
    summary: 'Delete a collection and the collections nested in it (admin level); the spaces inside are soft-deleted, restorable for 7 days.',
  })
  @ApiResetContentResponse({ description: 'Deleted.' })
  @ApiErrors(403, 404)
  async delete(@CurrentCaller() caller: Caller, @Param('collectionId') collectionId: string): Promise<void> {
    await this.collections.delete(collectionId, caller);
  }

  @Get('collections/:collectionId/spaces')
  @ApiOperation({ operationId: 'listSpacesInCollectionById', summary: 'The spaces directly in a collection that the caller can see, in their stored order.' })
  @ApiOkResponse({ type: SpaceListDto })
  @ApiErrors(400, 404)
  async spaces(
    @CurrentCaller() caller: Caller,
    @Param('collectionId') collectionId: string,
    @Query() query: ListQueryDto,
  ): Promise<ListEnvelope<SpaceDto>> {
    const page = await this.collections.listSpaces(collectionId, caller, query);
    return toListEnvelope(page, ({ space, level }) => this.spacePresenter.present(space, level));
  }

  @Post('collections/:collectionId/move')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'moveCollection',
    summary: 'Move a collection (admin level) into another (create level there; never into itself or a descendant) or to the top level.',
  })
  @ApiOkResponse({ type: CollectionDto })
  @ApiErrors(400, 403, 404, 409)
  async move(@CurrentCaller() caller: Caller, @Param('collectionId') collectionId: string, @Body() body: MoveDto): Promise<CollectionDto> {
    return this.present(await this.collections.move(collectionId, caller, body));
  }

  @Post('collections/:collectionId/transfer')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'transferCollection',
    summary: 'Move a collection with everything in it (admin level) to the top level of another organization where the caller is an admin.',
  })
  @ApiOkResponse({ type: CollectionDto })
  @ApiErrors(400, 403, 404, 409)
  async transfer(
    @CurrentCaller() caller: Caller,
    @Param('collectionId') collectionId: string,
    @Body() body: TransferDto,
  ): Promise<CollectionDto> {
    return this.present(await this.collections.transfer(collectionId, caller, body.organization));
  }
}
