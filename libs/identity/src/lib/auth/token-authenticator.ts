import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, DatabaseNotifications, preparedStatement, SqlPool } from '@docs/platform';
import type { Caller } from './caller';
import { followChanges, TokenCache } from './token-cache';
import { hashToken } from '../tokens/token-value';
import { userFromRow } from '../users/users.service';

const FIND_ACTIVE_TOKEN = preparedStatement(
  'auth_find_active_token_with_user',
  `SELECT t.id AS token_id, u.id, u.email, u.display_name, u.photo_url, u.created_at
     FROM api_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
);

/** The channel the triggers on `api_tokens` and `users` notify on every update, delete and truncate (migration 1795320000000). */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

/**
 * Resolves a bearer token on every request: one lookup on the unique index of the token's
 * hash, as a named prepared statement, with its user in the same round trip (GET /v1/user needs
 * no other query). With `TOKEN_CACHE=on` (the default) a process remembers the tokens it has
 * resolved (TokenCache) for as long as it hears PostgreSQL's notifications of changes to tokens
 * and users: any revocation, deletion or user change, by any process, the CLI or plain SQL,
 * clears every process's cache as soon as the notification arrives (milliseconds), and while the
 * notification connection is down nothing is remembered. Unknown tokens are never remembered, so
 * a new token works at once.
 */
@Injectable()
export class TokenAuthenticator {
  private readonly cache = new TokenCache(Date.now);
  private listening = false;

  constructor(
    private readonly sql: SqlPool,
    private readonly notifications: DatabaseNotifications,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Listens from the first request on: processes that authenticate nobody (the worker, the CLI) hold no connection for it. */
  private listen(): void {
    this.listening = true;
    followChanges(this.notifications, AUTH_CHANGED_CHANNEL, this.cache);
  }

  /** Forgets every remembered token (after a change made by this process, before its notification arrives). */
  forgetAll(): void {
    this.cache.clear();
  }

  async authenticate(value: string): Promise<Caller | undefined> {
    if (!this.listening && this.config.tokenCache) this.listen();
    const hash = hashToken(value);
    const key = hash.toString('base64');
    const known = this.cache.find(key);
    if (known) return known;
    const generation = this.cache.generation;
    const row = await this.sql.first<Parameters<typeof userFromRow>[0] & { token_id: string }>(FIND_ACTIVE_TOKEN, [hash]);
    if (!row) return undefined;
    // Shared by every request that presents this token while it is remembered: read-only.
    const caller: Caller = Object.freeze({ userId: row.id, tokenId: row.token_id, user: Object.freeze(userFromRow(row)) });
    this.cache.remember(key, caller, generation);
    return caller;
  }
}
