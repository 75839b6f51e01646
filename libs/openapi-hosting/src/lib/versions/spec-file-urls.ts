import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InstanceSecrets, PublicUrls } from '@docs/platform';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where a version's files are served without a token (outside /v1). */
export const SPEC_FILES_PATH = 'spec-files';
/** Where a public spec's latest version is served without a token. */
export const PUBLISHED_SPECS_PATH = 'published-specs';

/**
 * URLs that serve a spec's files to clients that hold no token (viewers, code generators, the
 * published site): `/spec-files/{versionId}/{signature}/{path}`, the signature an HMAC of the
 * version id under an installation key. A version is immutable, so its URLs never expire; the
 * files sit under one folder, so the relative `$ref`s of the entry resolve to their neighbours.
 * Public specs also have a stable URL of their latest version (`urls.published`).
 */
@Injectable()
export class SpecFileUrls implements OnApplicationBootstrap {
  private key?: Buffer;

  constructor(
    private readonly secrets: InstanceSecrets,
    private readonly urls: PublicUrls,
  ) {}

  /** The key exists before the first request (a GET never writes it). */
  async onApplicationBootstrap(): Promise<void> {
    this.key ??= await this.secrets.get('openapi-file-signing');
  }

  async versionFile(versionId: string, path: string): Promise<string> {
    return this.urls.api(SPEC_FILES_PATH, versionId, await this.signature(versionId), path);
  }

  publishedFile(organizationId: string, slug: string, path: string): string {
    return this.urls.api(PUBLISHED_SPECS_PATH, organizationId, slug, path);
  }

  async verify(versionId: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.signature(versionId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async signature(versionId: string): Promise<string> {
    this.key ??= await this.secrets.get('openapi-file-signing');
    return createHmac('sha256', this.key).update(versionId).digest('base64url').slice(0, 32);
  }
}
