import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Clock, InstanceSecrets, PublicUrls } from '@docs/platform';
import { DOWNLOAD_PATH, DownloadUrlSigner, expiryFor } from './download-url-signer';
import type { FileEntryEntity } from './file-entry.entity';

/** How long a `downloadURL` stays valid (at least; rounded up to 10 minutes). */
export const DOWNLOAD_URL_TTL_SECONDS = 3600;

/** A file entry -> the reference's `RevisionFile`, with a signed, expiring `downloadURL`. */
@Injectable()
export class FilePresenter implements OnApplicationBootstrap {
  private signer?: DownloadUrlSigner;

  constructor(
    private readonly urls: PublicUrls,
    private readonly secrets: InstanceSecrets,
    private readonly clock: Clock,
  ) {}

  /**
   * The key is read before the first request. An upload presents its file inside its write's
   * transaction, and reading the key there took a second pool connection: with as many uploads to
   * one space at once as the pool has connections (the first ones after a start), the one holding
   * the space's row lock waited for a connection that the others, waiting for that lock, held.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.getSigner();
  }

  async getSigner(): Promise<DownloadUrlSigner> {
    this.signer ??= new DownloadUrlSigner(await this.secrets.get('file-download-signing'));
    return this.signer;
  }

  /** A signed, expiring URL of a blob's bytes served under `name` and `contentType` (files, PDF exports). */
  async downloadUrl(hash: string, name: string, contentType: string): Promise<string> {
    const signer = await this.getSigner();
    const grant = { hash, name, contentType, expires: expiryFor(this.clock.now().getTime(), DOWNLOAD_URL_TTL_SECONDS) };
    return `${this.urls.api(DOWNLOAD_PATH, hash)}?${signer.query(grant)}`;
  }

  async present(file: FileEntryEntity): Promise<Record<string, unknown>> {
    return {
      id: file.fileId,
      name: file.name,
      contentType: file.contentType,
      downloadURL: await this.downloadUrl(file.blobHash, file.name, file.contentType),
      size: file.size,
      ...(file.width !== null && file.height !== null ? { dimensions: { width: file.width, height: file.height } } : {}),
    };
  }
}
