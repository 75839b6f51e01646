import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Response } from 'express';
import { ContentAccess } from '../access/content-access';
import { SpaceExportQueryDto } from './dto/export-query.dto';
import { archiveName, sendMarkdownArchive } from './markdown-archive';
import { MarkdownExports } from './markdown-exports.service';

/** A space's content (or one of its revisions) as markdown files in GitBook's Git Sync layout (read level). */
@ApiTags('space-content')
@Controller('v1/spaces/:spaceId/export')
export class SpaceExportController {
  constructor(
    private readonly access: ContentAccess,
    private readonly exports: MarkdownExports,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'exportSpaceAsFiles',
    summary:
      "The space's current content (or `revision`) as a zip of markdown files in GitBook's Git Sync layout: README.md, one file per page along the page tree, SUMMARY.md, .gitbook.yaml, .gitbook/assets, .gitbook/includes and .gitbook/vars.yaml. Streamed.",
  })
  @ApiOkResponse({ description: 'The zip archive.', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400, 404)
  async export(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: SpaceExportQueryDto, @Res() res: Response): Promise<void> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'export its content');
    const current = query.revision === undefined;
    const target = { organizationId: space.organizationId, spaceId: space.id, revisionId: query.revision ?? space.revisionId, headKey: current ? space.id : null };
    const exported = await this.exports.prepare(target);
    await sendMarkdownArchive(res, exported, archiveName(space.title));
  }
}
