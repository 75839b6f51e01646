import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, newId } from '@docs/platform';
import type { Caller } from '@docs/identity';
import { fromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { Readable } from 'node:stream';
import { BlobStore } from '../blobs/blob-store';
import type { ContentHead } from '../heads/content-head';
import { ContentWriter } from '../content-writes/content-writer.service';
import type { RevisionEntity } from '../revisions/revision.entity';
import { FileEntryEntity } from './file-entry.entity';
import { FilePresenter } from './file.presenter';
import { FileReads } from './file-reads.service';
import { decideContentType } from './file-type-rules';
import { readUpload } from './read-upload';

/** Image types whose width and height are read at upload. */
export const SIZED_IMAGE = /^image\/(png|jpeg|gif|webp|bmp|tiff|svg\+xml|avif|heic|x-icon|vnd\.microsoft\.icon)$/;

export interface UploadRequest {
  stream: Readable;
  contentLength?: string;
  contentType?: string;
  name: string;
  caller: Caller;
  ifMatch?: string[];
}

/** Uploads: the raw body becomes a blob and a file entry of a new revision of the head. */
@Injectable()
export class FileUploads {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly writer: ContentWriter,
    private readonly blobs: BlobStore,
    private readonly files: FileReads,
    private readonly presenter: FilePresenter,
  ) {}

  async upload(head: ContentHead, request: UploadRequest): Promise<{ revision: RevisionEntity; file: Record<string, unknown> }> {
    const data = await readUpload(request.stream, request.contentLength, this.config.fileMaxBytes);
    const sniffed = (await fromBuffer(data))?.mime;
    const contentType = decideContentType(sniffed, request.contentType);
    const dimensions = SIZED_IMAGE.test(contentType) ? readDimensions(data) : undefined;
    const fileId = newId();
    const { revision, result } = await this.writer.apply(
      head,
      { ifMatch: request.ifMatch, actor: request.caller.userId, message: `Upload file "${request.name}"` },
      async (draft, tx) => {
        const blob = await this.blobs.put(tx, data);
        const [entry]: { id: string }[] = await tx.query(
          `INSERT INTO file_entries (file_id, name, content_type, size, width, height, blob_hash, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
          [fileId, request.name, contentType, blob.size, dimensions?.width ?? null, dimensions?.height ?? null, blob.hash, draft.now],
        );
        draft.addFile(entry.id);
        return async (inTx, made) => {
          const file = await this.files.get(made, fileId, inTx);
          return this.presenter.present(file as FileEntryEntity);
        };
      },
    );
    return { revision, file: result };
  }
}

/** Width and height of an image, when its header can be read. */
export function readDimensions(data: Buffer): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(data);
    return typeof width === 'number' && typeof height === 'number' ? { width, height } : undefined;
  } catch {
    return undefined; // a format image-size cannot read: no dimensions, as the reference allows
  }
}
