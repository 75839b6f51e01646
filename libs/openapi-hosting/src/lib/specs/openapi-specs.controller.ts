import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller, OrganizationAccess } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { CreateOpenApiSpecDto, PatchOpenApiSpecDto, PutOpenApiSpecDto } from './dto/openapi-spec-bodies.dto';
import { specSource } from './dto/spec-source.dto';
import { OpenApiSpecDto, OpenApiSpecListDto } from './openapi-spec.dto';
import { OpenApiSpecPresenter } from './openapi-spec.presenter';
import { OpenApiSpecsService } from './openapi-specs.service';

@ApiTags('openapi')
@Controller('v1/orgs/:organizationId/openapi')
export class OpenApiSpecsController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly specs: OpenApiSpecsService,
    private readonly presenter: OpenApiSpecPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listOpenAPISpecs', summary: "The organization's OpenAPI specs, newest first (members with a role; a guest's list is empty)." })
  @ApiOkResponse({ type: OpenApiSpecListDto })
  @ApiErrors(400, 404)
  async list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListQueryDto): Promise<ListEnvelope<OpenApiSpecDto>> {
    const member = await this.access.require(organizationId, caller);
    const page = await this.specs.list(member, query);
    return toListEnvelope(page, (spec) => this.presenter.present(spec, member.role));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createOpenAPISpec',
    summary: 'Create an OpenAPI spec from a URL or a text (create role and above); the worker fetches and parses it (processingState pending).',
  })
  @ApiCreatedResponse({ type: OpenApiSpecDto })
  @ApiErrors(400, 403, 404, 409)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateOpenApiSpecDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OpenApiSpecDto> {
    const member = await this.access.require(organizationId, caller);
    const presented = this.presenter.present(await this.specs.create(member, body.slug, specSource(body.source)), member.role);
    res.setHeader('Location', presented.urls.location);
    return presented;
  }

  @Get(':specSlug')
  @ApiOperation({ operationId: 'getOpenAPISpecBySlug', summary: 'An OpenAPI spec by its slug.' })
  @ApiOkResponse({ type: OpenApiSpecDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('specSlug') slug: string): Promise<OpenApiSpecDto> {
    const member = await this.access.require(organizationId, caller);
    return this.presenter.present(await this.specs.get(member, slug), member.role);
  }

  @Put(':specSlug')
  @ApiOperation({
    operationId: 'createOrUpdateOpenAPISpecBySlug',
    summary: 'Create the spec with this slug (201), or replace its source (200); a new source, or the same URL again, is processed again.',
  })
  @ApiOkResponse({ type: OpenApiSpecDto, description: 'The source of an existing spec was replaced.' })
  @ApiCreatedResponse({ type: OpenApiSpecDto, description: 'The spec was created.' })
  @ApiErrors(400, 403, 404)
  async put(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('specSlug') slug: string,
    @Body() body: PutOpenApiSpecDto,
    @Res() res: Response,
  ): Promise<void> {
    const member = await this.access.require(organizationId, caller);
    const { spec, created } = await this.specs.put(member, validSlug(slug), specSource(body.source));
    const presented = this.presenter.present(spec, member.role);
    // The status depends on the outcome (the reference's 200 or 201), so the response is written here.
    if (created) res.setHeader('Location', presented.urls.location);
    res.status(created ? 201 : 200).json(presented);
  }

  @Patch(':specSlug')
  @ApiOperation({ operationId: 'updateOpenAPISpecBySlug', summary: "Change a spec's visibility, and/or its source (processed again)." })
  @ApiOkResponse({ type: OpenApiSpecDto })
  @ApiErrors(400, 403, 404)
  async patch(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('specSlug') slug: string,
    @Body() body: PatchOpenApiSpecDto,
  ): Promise<OpenApiSpecDto> {
    const member = await this.access.require(organizationId, caller);
    if (body.visibility === undefined && body.source === undefined) throw new BadRequestException('Give visibility and/or source: there is nothing else to change.');
    const source = body.source === undefined ? undefined : specSource(body.source);
    return this.presenter.present(await this.specs.patch(member, slug, { visibility: body.visibility, source }), member.role);
  }

  @Delete(':specSlug')
  @ApiOperation({ operationId: 'deleteOpenAPISpecBySlug', summary: 'Delete a spec with its versions (205); 204 when there was no such spec (create role and above).' })
  @ApiResetContentResponse({ description: 'Deleted, with its versions.' })
  @ApiNoContentResponse({ description: 'There was no spec with this slug: nothing to delete.' })
  @ApiErrors(403, 404)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('specSlug') slug: string,
    @Res() res: Response,
  ): Promise<void> {
    const member = await this.access.require(organizationId, caller);
    // The reference's 205 (deleted) or 204 (there was none): written here.
    res.status((await this.specs.delete(member, slug)) ? 205 : 204).end();
  }
}

/** A PUT may create the spec: its path gives the slug, held to the reference's pattern and bounds. */
function validSlug(slug: string): string {
  if (slug.length < 1 || slug.length > 100 || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
    throw new BadRequestException('specSlug must be 1 to 100 lower-case letters and digits in words joined by single hyphens (e.g. payments-api).');
  }
  return slug;
}
