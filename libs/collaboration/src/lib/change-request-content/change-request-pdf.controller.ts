import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PDF_URL_SCHEMA, PdfExports, PdfQueryDto } from '@docs/content';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { ChangeRequestsService } from '../change-requests/change-requests.service';

/** The PDF of a change request's head revision (read level on the space), by the space export's renderer. */
@ApiTags('change-requests')
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId/pdf')
export class ChangeRequestPdfController {
  constructor(
    private readonly changeRequests: ChangeRequestsService,
    private readonly exports: PdfExports,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getChangeRequestPDF',
    summary: "A signed URL of the PDF of the change request's content (or of one page with `page`, alone with `only`). Rendered on the first call per revision.",
  })
  @ApiOkResponse({ schema: PDF_URL_SCHEMA })
  @ApiErrors(400, 404)
  async pdf(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Query() query: PdfQueryDto,
  ): Promise<{ url: string }> {
    const { space, changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'read', 'read its change requests');
    const target = { organizationId: space.space.organizationId, spaceId: space.space.id, revisionId: changeRequest.revisionId, headKey: changeRequest.id };
    const subtitle = `Change request #${changeRequest.number}${changeRequest.subject ? `: ${changeRequest.subject}` : ''}`;
    return this.exports.export(target, { title: space.space.title, subtitle, page: query.page, only: query.only });
  }
}
