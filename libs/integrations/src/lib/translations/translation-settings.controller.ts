import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Caller, CurrentCaller, OrganizationAccess } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { TranslationSettingsBodyDto } from './dto/translation-settings-body.dto';
import { TranslationSettingsDto, TranslationSettingsListDto } from './translation-settings.dto';
import { TranslationSettingsPresenter } from './translation-settings.presenter';
import { TranslationSettingsService } from './translation-settings.service';

@ApiTags('translations')
@Controller('v1/orgs/:organizationId/translations')
export class TranslationSettingsController {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly settings: TranslationSettingsService,
    private readonly presenter: TranslationSettingsPresenter,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listTranslations', summary: "The organization's translation settings, newest first." })
  @ApiOkResponse({ type: TranslationSettingsListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Query() query: ListQueryDto,
  ): Promise<ListEnvelope<TranslationSettingsDto>> {
    const member = await this.access.require(organizationId, caller);
    const page = await this.settings.list(member, query);
    const canEdit = TranslationSettingsService.canEdit(member);
    return toListEnvelope(page, (settings) => this.presenter.present(settings, canEdit));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createTranslation', summary: 'Create translation settings (admins).' })
  @ApiCreatedResponse({ type: TranslationSettingsDto })
  @ApiErrors(400, 403, 404)
  async create(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: TranslationSettingsBodyDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TranslationSettingsDto> {
    const member = await this.access.require(organizationId, caller);
    const presented = this.presenter.present(await this.settings.create(member, body), true);
    res.setHeader('Location', presented.urls.location);
    return presented;
  }

  @Get(':translationSettingsId')
  @ApiOperation({ operationId: 'getTranslation', summary: 'Translation settings.' })
  @ApiOkResponse({ type: TranslationSettingsDto })
  @ApiErrors(404)
  async get(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('translationSettingsId') id: string,
  ): Promise<TranslationSettingsDto> {
    const member = await this.access.require(organizationId, caller);
    return this.presenter.present(await this.settings.get(member, id), TranslationSettingsService.canEdit(member));
  }

  @Put(':translationSettingsId')
  @ApiOperation({ operationId: 'updateTranslation', summary: 'Replace the title (and languages, when given) of translation settings (admins).' })
  @ApiOkResponse({ type: TranslationSettingsDto })
  @ApiErrors(400, 403, 404)
  async replace(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('translationSettingsId') id: string,
    @Body() body: TranslationSettingsBodyDto,
  ): Promise<TranslationSettingsDto> {
    const member = await this.access.require(organizationId, caller);
    return this.presenter.present(await this.settings.replace(member, id, body), true);
  }

  @Delete(':translationSettingsId')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteTranslation', summary: 'Delete translation settings (admins).' })
  @ApiResetContentResponse({ description: 'Deleted.' })
  @ApiErrors(403, 404)
  async delete(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('translationSettingsId') id: string,
  ): Promise<void> {
    const member = await this.access.require(organizationId, caller);
    await this.settings.delete(member, id);
  }
}
