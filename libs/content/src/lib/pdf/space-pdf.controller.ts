import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { ContentAccess } from '../access/content-access';
import { PdfQueryDto } from './dto/pdf-query.dto';
import { PdfExports } from './pdf-exports.service';
import { PDF_URL_SCHEMA } from './pdf-schemas';

/** The PDF of a space's current content (read level). */
@ApiTags('space-content')
@Controller('v1/spaces/:spaceId/pdf')
export class SpacePdfController {
  constructor(
    private readonly access: ContentAccess,
    private readonly exports: PdfExports,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getSpacePDF',
    summary: "A signed URL of the PDF of the space's current content (or of one page with `page`, alone with `only`). Rendered on the first call per revision.",
  })
  @ApiOkResponse({ schema: PDF_URL_SCHEMA })
  @ApiErrors(400, 404)
  async pdf(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: PdfQueryDto): Promise<{ url: string }> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'export it as PDF');
    const target = { organizationId: space.organizationId, spaceId: space.id, revisionId: space.revisionId, headKey: space.id };
    return this.exports.export(target, { title: space.title, page: query.page, only: query.only });
  }
}
