import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Response } from 'express';
import { PageWritesService } from '../content-writes/page-writes.service';
import { ImportContentResultDto } from './dto/import-content.dto';
import { ApiImportBody, ImportInput, ImportRequest } from './import-input';
import { ImportsService } from './imports.service';

/** Imports into a space's content (edit level): one new revision, `Location` naming it. Locked spaces refuse (409). */
@ApiTags('content-imports')
@Controller('v1/spaces/:spaceId/content')
export class ImportsController {
  constructor(
    private readonly pages: PageWritesService,
    private readonly imports: ImportsService,
  ) {}

  @Post('import')
  @HttpCode(201)
  @ApiOperation({ operationId: 'importContent', summary: 'Import content (markdown, HTML, zip, docx, website) after the top-level pages, as one revision.' })
  @ApiImportBody()
  @ApiCreatedResponse({ type: ImportContentResultDto })
  @ApiErrors(400, 403, 404, 409, 413, 415)
  async importContent(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @ImportRequest() input: ImportInput,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportContentResultDto> {
    const head = await this.pages.spaceHead(spaceId, caller);
    const answer = await this.imports.import(head, input, { kind: 'append' }, caller);
    res.setHeader('Location', answer.location);
    return answer.body;
  }

  @Post('page/:pageId/import')
  @HttpCode(201)
  @ApiOperation({ operationId: 'importPageContent', summary: "Import content in place of a page's body and children, as one revision." })
  @ApiImportBody()
  @ApiCreatedResponse({ type: ImportContentResultDto })
  @ApiErrors(400, 403, 404, 409, 413, 415)
  async importPage(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('pageId') pageId: string,
    @ImportRequest() input: ImportInput,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportContentResultDto> {
    const head = await this.pages.spaceHead(spaceId, caller);
    const answer = await this.imports.import(head, input, { kind: 'replace', pageId }, caller);
    res.setHeader('Location', answer.location);
    return answer.body;
  }
}
