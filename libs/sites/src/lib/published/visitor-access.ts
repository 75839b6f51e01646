import { Injectable } from '@nestjs/common';
import { Clock, EncryptionKeys } from '@docs/platform';
import stableStringify from 'fast-json-stable-stringify';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { claimCatalog } from '../conditions/claim-catalog';
import { evaluateCondition, parseCondition } from '../conditions/condition-expression';
import { adaptiveSchemaOf, SiteEntity } from '../sites/site.entity';
import { VISITOR_KEY_PURPOSE } from '../sites/sites.service';
import type { SiteStructure } from '../structure/site-structure';
import type { PublishedSite } from './published-site-directory';
import { verifyVisitorToken, VisitorTokenError } from './visitor-token';
import { visibleStructure } from './visible-structure';

/** What a visitor of a published site gets. */
export type SiteAudience =
  | {
      access: 'granted';
      /** The visitor's claims (signed ones from the token, `unsigned: {}`): what conditions read. */
      claims: Record<string, unknown>;
      /** The structure this visitor sees: sections and site spaces whose condition holds. */
      structure: SiteStructure;
      /** Names this audience: visitors with the same key see the same pages. */
      key: string;
      /** When the visitor token expires (seconds since the epoch), if one was used. */
      tokenExpiresAt?: number;
    }
  /** Not for this visitor: a 404 that says nothing (share-link sites without a valid key). */
  | { access: 'denied' }
  /** A visitor-auth site without a valid token: its fallback URL, else a 401 page. */
  | { access: 'login'; reason: string; fallbackUrl?: string };

export interface VisitorCredentials {
  /** Whether the visitor's share key (query or cookie) is an active link's of this site. */
  shareKeyValid: boolean;
  /** A visitor JWT (query or cookie). */
  visitorToken?: string;
}

/**
 * Who sees what of a published site, by the rules the API's published read applies
 * (`docs/permissions.md`, "The published site"): `public` and `unlisted` sites to anyone (a
 * visitor token is optional there and only adds claims; one that does not verify is ignored),
 * `share-link` sites with the key of an active link, `visitor-auth` sites with a JWT signed with
 * the site's key, not expired, whose claims match the adaptive schema. Conditions of sections
 * and site spaces are evaluated against the claims (the existing evaluator, `visibleStructure`).
 */
@Injectable()
export class VisitorAccess {
  /** Verified tokens by site key and token: verifying a JWT on every request of a visitor is wasted work. */
  private readonly verified = new LRUCache<string, { claims: Record<string, unknown>; expiresAt: number }>({ max: 10_000 });
  private readonly keys = new LRUCache<string, string>({ max: 5_000 });
  /** What each set of claims sees of a published site (the site's object lives as long as its state is current). */
  private readonly views = new WeakMap<PublishedSite, Map<string, { claims: Record<string, unknown>; structure: SiteStructure; key: string }>>();

  constructor(
    private readonly encryption: EncryptionKeys,
    private readonly clock: Clock,
  ) {}

  async audience(published: PublishedSite, credentials: VisitorCredentials): Promise<SiteAudience> {
    const { site } = published;
    if (site.visibility === 'share-link' && !credentials.shareKeyValid) return { access: 'denied' };
    let signed: Record<string, unknown> = {};
    let tokenExpiresAt: number | undefined;
    if (credentials.visitorToken !== undefined || site.visibility === 'visitor-auth') {
      try {
        if (credentials.visitorToken === undefined) throw new VisitorTokenError('no visitor token was given');
        ({ claims: signed, expiresAt: tokenExpiresAt } = await this.verify(site, credentials.visitorToken));
      } catch (error) {
        if (!(error instanceof VisitorTokenError)) throw error;
        if (site.visibility === 'visitor-auth') return { access: 'login', reason: error.message, ...(site.visitorFallbackUrl ? { fallbackUrl: site.visitorFallbackUrl } : {}) };
        // Elsewhere a token only adds claims: one that does not verify adds none.
        signed = {};
        tokenExpiresAt = undefined;
      }
    }
    const view = this.viewOf(published, { ...signed, unsigned: {} }, Object.keys(signed).length === 0 ? ANONYMOUS : undefined);
    return { access: 'granted', ...view, ...(tokenExpiresAt ? { tokenExpiresAt } : {}) };
  }

  /** The structure these claims see, and its audience key: computed once per site state and claims. */
  private viewOf(published: PublishedSite, claims: Record<string, unknown>, knownKey?: string): { claims: Record<string, unknown>; structure: SiteStructure; key: string } {
    let views = this.views.get(published);
    if (!views) {
      views = new Map();
      this.views.set(published, views);
    }
    const claimsKey = knownKey ?? stableStringify(claims);
    let view = views.get(claimsKey);
    if (!view) {
      const structure = visibleStructure(published.structure, claims);
      view = { claims, structure, key: audienceKey(structure, claims) };
      // Visitors with their own claims are many: keep the most recent ones only.
      if (views.size >= 1_000) views.clear();
      views.set(claimsKey, view);
    }
    return view;
  }

  /** Whether a condition (of a conditional block) holds for these claims; a condition that does not parse never does. */
  condition(site: SiteEntity, expression: string, claims: Record<string, unknown>): boolean {
    try {
      return evaluateCondition(parseCondition(expression, claimCatalog(adaptiveSchemaOf(site))), claims);
    } catch {
      return false;
    }
  }

  private async verify(site: SiteEntity, token: string): Promise<{ claims: Record<string, unknown>; expiresAt: number }> {
    const key = this.visitorKey(site);
    const cacheKey = `${createHash('sha256').update(key).digest('base64url')}:${site.adaptiveSchemaUpdatedAt?.getTime() ?? 0}:${token}`;
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const known = this.verified.get(cacheKey);
    if (known && known.expiresAt > now) return known;
    const claims = await verifyVisitorToken(token, key, adaptiveSchemaOf(site), this.clock.now());
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number };
    const result = { claims, expiresAt: payload.exp };
    this.verified.set(cacheKey, result);
    return result;
  }

  private visitorKey(site: SiteEntity): string {
    let key = this.keys.get(site.visitorKeyEncrypted);
    if (!key) {
      key = this.encryption.decrypt(VISITOR_KEY_PURPOSE, site.visitorKeyEncrypted);
      this.keys.set(site.visitorKeyEncrypted, key);
    }
    return key;
  }
}

/** The claims of a visitor without a token, as `stableStringify` writes them (the common case, not written again per request). */
const ANONYMOUS = stableStringify({ unsigned: {} });

/** The visible site spaces and the claims: two visitors with the same see the same pages. */
function audienceKey(structure: SiteStructure, claims: Record<string, unknown>): string {
  // Called once per site state and claims (see viewOf).
  const ids: string[] = [];
  for (const [section, list] of structure.siteSpaces) {
    if (section !== '' && !structure.sections.some((s) => s.id === section)) continue;
    for (const siteSpace of list) ids.push(siteSpace.id);
  }
  return createHash('sha256').update(`${ids.join(',')}|${stableStringify(claims)}`).digest('base64url').slice(0, 22);
}
