import { Controller, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Request, Response } from 'express';
import { parseIfMatch, withRevisionEtag } from '../content-writes/if-match';
import { REVISION_FILE_SCHEMA } from '../content-reads/content-schemas';
import { PageWritesService } from '../content-writes/page-writes.service';
import { UploadFileQueryDto } from './dto/upload-file-query.dto';
import { FileUploads } from './file-uploads.service';

/** Uploading a file: a documented extension (the reference cannot write content). */
@ApiTags('content-writes')
@Controller('v1/spaces/:spaceId/content')
export class FilesController {
  constructor(
    private readonly pages: PageWritesService,
    private readonly uploads: FileUploads,
  ) {}

  @Post('files')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'uploadFile',
    summary:
      'Upload the raw request body as a file (edit level): a new revision. Content type sniffed from the bytes; images get their dimensions. 413 over FILE_MAX_BYTES.',
  })
  @ApiConsumes('application/octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The ETag read before: 412 when the content has moved on.' })
  @ApiCreatedResponse({ description: "The reference's RevisionFile, with a signed, expiring downloadURL.", schema: REVISION_FILE_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412, 413, 415)
  async upload(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Query() query: UploadFileQueryDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Record<string, unknown>> {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision, file } = await this.uploads.upload(head, {
      stream: req,
      contentLength: req.headers['content-length'],
      contentType: req.headers['content-type'],
      name: query.name,
      caller,
      ifMatch: parseIfMatch(ifMatch),
    });
    return withRevisionEtag(res, revision.id, file);
  }
}
