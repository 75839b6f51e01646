import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a download URL grants: the bytes of one blob, under a name and a content type, until a time. */
export interface DownloadGrant {
  hash: string;
  name: string;
  contentType: string;
  /** Seconds since the epoch. */
  expires: number;
}

/** Path of the download route (outside /v1: it takes no bearer token). */
export const DOWNLOAD_PATH = 'downloads';

const encode = (grant: DownloadGrant) => [grant.hash, grant.name, grant.contentType, String(grant.expires)].join('\n');

/**
 * Signs and checks download URLs with an HMAC-SHA256 key of the installation. A URL is valid
 * until `expires`; any change to its hash, name, type or expiry breaks the signature.
 */
export class DownloadUrlSigner {
  constructor(private readonly key: Buffer) {}

  sign(grant: DownloadGrant): string {
    return createHmac('sha256', this.key).update(encode(grant)).digest('base64url');
  }

  /** 'ok', 'expired' (signature right, time passed) or 'forged'. */
  check(grant: DownloadGrant, signature: string, nowSeconds: number): 'ok' | 'expired' | 'forged' {
    const expected = Buffer.from(this.sign(grant));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
    return nowSeconds <= grant.expires ? 'ok' : 'expired';
  }

  /** The query string of a grant's URL. */
  query(grant: DownloadGrant): string {
    return new URLSearchParams({
      name: grant.name,
      type: grant.contentType,
      expires: String(grant.expires),
      signature: this.sign(grant),
    }).toString();
  }
}

/**
 * The expiry of URLs made at `nowMs`: at least `ttlSeconds` ahead, rounded up to a 10-minute
 * step so that reads close in time give the same URL (browsers can cache it).
 */
export function expiryFor(nowMs: number, ttlSeconds: number): number {
  const step = 600;
  return Math.ceil((Math.floor(nowMs / 1000) + ttlSeconds) / step) * step;
}
