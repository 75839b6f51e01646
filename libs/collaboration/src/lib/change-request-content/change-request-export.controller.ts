import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { archiveName, ExportQueryDto, MarkdownExports, sendMarkdownArchive } from '@docs/content';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Response } from 'express';
import { ChangeRequestsService } from '../change-requests/change-requests.service';

/** A change request's head as markdown files in GitBook's Git Sync layout (read level on the space), by the space export's code. */
@ApiTags('change-requests')
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId/export')
export class ChangeRequestExportController {
  constructor(
    private readonly changeRequests: ChangeRequestsService,
    private readonly exports: MarkdownExports,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'exportChangeRequestAsFiles',
    summary: "The change request's content as a zip of markdown files in GitBook's Git Sync layout, laid out as its space's. Streamed.",
  })
  @ApiOkResponse({ description: 'The zip archive.', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400, 404)
  async export(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') key: string,
    @Query() _query: ExportQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const { space, changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'read', 'read its change requests');
    const target = { organizationId: space.space.organizationId, spaceId: space.space.id, revisionId: changeRequest.revisionId, headKey: changeRequest.id };
    const exported = await this.exports.prepare(target);
    await sendMarkdownArchive(res, exported, archiveName(space.space.title, `Change request ${changeRequest.number}`));
  }
}
