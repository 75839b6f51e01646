import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Clock } from '@docs/platform';
import type { EntityManager } from 'typeorm';

/** How long a person may take at the identity provider between our AuthnRequest and its answer. */
export const SAML_REQUEST_LIFETIME_MS = 60 * 60 * 1000;

/**
 * node-saml's memory of the AuthnRequests sent to one provider, kept in `saml_requests` so that
 * whichever api process receives the response can check its `InResponseTo`. A request answers
 * only before its `expires_at` (the application's clock); node-saml's own age limit is set out of
 * the way (`SAML_REQUEST_AGE_UNCHECKED`). Read inside the sign-in's transaction with its row
 * locked, and removed by it: two responses to one request cannot both be accepted, and a refused
 * one (rolled back) does not use the request up.
 */
export class SamlRequestCache implements CacheProvider {
  constructor(
    private readonly db: EntityManager,
    private readonly providerId: string,
    private readonly clock: Clock,
  ) {}

  async saveAsync(key: string): Promise<CacheItem> {
    const now = this.clock.now();
    await this.db.query(`INSERT INTO saml_requests (provider_id, id, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [
      this.providerId,
      key,
      now,
      new Date(now.getTime() + SAML_REQUEST_LIFETIME_MS),
    ]);
    return { value: now.toISOString(), createdAt: now.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    const rows: { created_at: Date }[] = await this.db.query(
      `SELECT created_at FROM saml_requests WHERE provider_id = $1 AND id = $2 AND expires_at > $3 FOR UPDATE`,
      [this.providerId, key, this.clock.now()],
    );
    return rows.length > 0 ? rows[0].created_at.toISOString() : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    const [rows] = (await this.db.query(`DELETE FROM saml_requests WHERE provider_id = $1 AND id = $2 RETURNING created_at`, [this.providerId, key])) as [
      { created_at: Date }[],
      number,
    ];
    return rows.length > 0 ? rows[0].created_at.toISOString() : null;
  }
}

/** For node-saml's `requestIdExpirationPeriodMs`: the cache above answers only requests still valid. */
export const SAML_REQUEST_AGE_UNCHECKED = Number.MAX_SAFE_INTEGER;
