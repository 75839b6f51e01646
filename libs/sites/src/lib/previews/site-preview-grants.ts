import { Injectable } from '@nestjs/common';
import { EncryptionKeys } from '@docs/platform';
import { timingSafeEqual } from 'node:crypto';

/** What a preview URL shows: one site space of a site, with a change request's content in place of its space's when given, until `expires`. */
export interface SitePreviewGrant {
  site: string;
  siteSpace: string;
  /** A change request of the site space's space: its head is shown instead of the space's. */
  changeRequest?: string;
  /** Seconds since the epoch. */
  expires: number;
}

/** How long a preview URL opens its preview (the reference: one hour). */
export const SITE_PREVIEW_TTL_SECONDS = 3600;

/** Where the site server answers previews, under PUBLISHED_URL: `{PUBLISHED_URL}/~site/preview/{token}/...`. */
export const SITE_PREVIEW_PATH = '~site/preview';

const PURPOSE = 'site-preview';
/** Ids of this installation: base62 (newId), kept general enough for any URL-safe id. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Preview tokens: `{site}.{siteSpace}.{changeRequest or empty}.{expires}.{HMAC}`, the HMAC-SHA256
 * of the first four parts under a key derived from ENCRYPTION_KEY (so the api signs and the site
 * server checks without sharing a table). Anyone holding a token sees that preview until it
 * expires, as with a signed download URL; a changed part breaks the signature.
 */
@Injectable()
export class SitePreviewGrants {
  constructor(private readonly keys: EncryptionKeys) {}

  issue(grant: SitePreviewGrant): string {
    for (const id of [grant.site, grant.siteSpace, ...(grant.changeRequest ? [grant.changeRequest] : [])]) {
      if (!ID.test(id)) throw new Error(`a preview cannot name the id ${JSON.stringify(id)}`);
    }
    const payload = [grant.site, grant.siteSpace, grant.changeRequest ?? '', String(grant.expires)].join('.');
    return `${payload}.${this.keys.hmac(PURPOSE, payload)}`;
  }

  /** The grant of a token, if it is one of ours and has not expired at `nowSeconds`. */
  verify(token: string, nowSeconds: number): SitePreviewGrant | undefined {
    const parts = token.split('.');
    if (parts.length !== 5) return undefined;
    const [site, siteSpace, changeRequest, expiresText, signature] = parts;
    if (!ID.test(site) || !ID.test(siteSpace) || (changeRequest !== '' && !ID.test(changeRequest)) || !/^[0-9]{1,12}$/.test(expiresText)) return undefined;
    const expected = Buffer.from(this.keys.hmac(PURPOSE, parts.slice(0, 4).join('.')));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const expires = Number(expiresText);
    if (nowSeconds > expires) return undefined;
    return { site, siteSpace, ...(changeRequest ? { changeRequest } : {}), expires };
  }
}
