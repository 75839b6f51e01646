import { Controller, ForbiddenException, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Clock, Public } from '@docs/platform';
import type { Response } from 'express';
import { BlobStore } from '../blobs/blob-store';
import { BLOB_HASH_PATTERN } from '../blobs/blob-hash';
import { DOWNLOAD_PATH } from './download-url-signer';
import { DownloadQueryDto } from './dto/download-query.dto';
import { FilePresenter } from './file.presenter';

/**
 * The target of `downloadURL`s: a file's bytes without a bearer token (so `<img src>` works),
 * for as long as the URL's signature and expiry hold; 403 once expired or tampered with.
 * Served with a sandboxing CSP and nosniff: an uploaded HTML or SVG file cannot run script on
 * the API's origin.
 */
@ApiTags('content')
@Controller(DOWNLOAD_PATH)
export class DownloadsController {
  constructor(
    private readonly presenter: FilePresenter,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
  ) {}

  @Public()
  @Get(':hash')
  @ApiOperation({
    operationId: 'downloadFile',
    summary: "A file's bytes, by the signed downloadURL of its RevisionFile (no bearer token). 403 once expired or altered.",
    security: [],
  })
  @ApiOkResponse({ description: 'The bytes, with the file\'s content type.', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400, 403, 404)
  async download(@Param('hash') hash: string, @Query() query: DownloadQueryDto, @Res() res: Response): Promise<void> {
    // A missing or malformed part is a 400 naming it (the validation pipe), an unknown one too.
    const { name, type, expires, signature } = query;
    const grant = { hash, name, contentType: type, expires: Number(expires) };
    const signer = await this.presenter.getSigner();
    const verdict = BLOB_HASH_PATTERN.test(hash) ? signer.check(grant, signature, Math.floor(this.clock.now().getTime() / 1000)) : 'forged';
    if (verdict === 'forged') throw new ForbiddenException('This download URL is not valid (its signature does not match).');
    if (verdict === 'expired') throw new ForbiddenException('This download URL has expired: read the file again for a fresh downloadURL.');
    const stream = await this.blobs.stream(hash);
    if (!stream) throw new NotFoundException('This file no longer exists.');
    const maxAge = Math.max(0, grant.expires - Math.floor(this.clock.now().getTime() / 1000));
    res.status(200);
    res.setHeader('Content-Type', grant.contentType);
    // A PDF is saved rather than shown: browsers refuse to open their PDF viewer under the sandbox CSP below.
    const disposition = grant.contentType === 'application/pdf' ? 'attachment' : 'inline';
    res.setHeader('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(grant.name)}`);
    res.setHeader('Cache-Control', `private, max-age=${maxAge}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    stream.on('error', (error) => res.destroy(error));
    stream.pipe(res);
  }
}
