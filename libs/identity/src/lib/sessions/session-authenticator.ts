import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Clock, DatabaseNotifications, preparedStatement, SqlPool } from '@docs/platform';
import type { Caller } from '../auth/caller';
import { followChanges, TokenCache } from '../auth/token-cache';
import { AUTH_CHANGED_CHANNEL } from '../auth/token-authenticator';
import { hashToken } from '../tokens/token-value';
import { userFromRow } from '../users/users.service';

const FIND_LIVE_SESSION = preparedStatement(
  'auth_find_live_session_with_user',
  `SELECT s.id AS session_id, s.last_seen_at, s.expires_at, u.id, u.email, u.display_name, u.photo_url, u.created_at
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3`,
);
const TOUCH_SESSION = preparedStatement('auth_touch_session', `UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2`);

/** `last_seen_at` moves at most this often: the idle lifetime is days, so a minute of slack costs nothing, and a write per request would. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** What a remembered session needs beyond its caller: its two deadlines and when it was last recorded as seen. */
interface LiveSession {
  caller: Caller;
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * Resolves a session cookie on every request, as TokenAuthenticator does a bearer token: one
 * prepared statement on the unique index of the value's hash, the user in the same round trip,
 * and the same cache discipline (remembered while PostgreSQL's `auth_changed` notifications are
 * heard; every ended session, by sign-out, password change or a member's removal, notifies).
 * The idle and absolute deadlines are checked on each request, cached or not; `last_seen_at`
 * is written at most once a minute per session, off the request's path.
 */
@Injectable()
export class SessionAuthenticator {
  private readonly cache = new TokenCache(Date.now);
  private readonly live = new WeakMap<Caller, LiveSession>();
  private readonly logger = new Logger('SessionAuthenticator');
  private listening = false;

  constructor(
    private readonly sql: SqlPool,
    private readonly notifications: DatabaseNotifications,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private listen(): void {
    this.listening = true;
    followChanges(this.notifications, AUTH_CHANGED_CHANNEL, this.cache);
  }

  /** Forgets every remembered session (after an end made by this process, before its notification arrives). */
  forgetAll(): void {
    this.cache.clear();
  }

  async authenticate(value: string): Promise<Caller | undefined> {
    if (!this.listening && this.config.tokenCache) this.listen();
    const now = this.clock.now().getTime();
    const idleMs = this.config.sessions.idleSeconds * 1000;
    const hash = hashToken(value);
    const key = hash.toString('base64');
    const known = this.cache.find(key);
    const session = known ? this.live.get(known) : await this.lookUp(hash, key, now, idleMs);
    if (!session || session.expiresAt <= now || session.lastSeenAt + idleMs <= now) return undefined;
    if (now - session.lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) this.touch(session, now);
    return session.caller;
  }

  private async lookUp(hash: Buffer, key: string, now: number, idleMs: number): Promise<LiveSession | undefined> {
    const generation = this.cache.generation;
    const row = await this.sql.first<Parameters<typeof userFromRow>[0] & { session_id: string; last_seen_at: Date; expires_at: Date }>(FIND_LIVE_SESSION, [
      hash,
      new Date(now),
      new Date(now - idleMs),
    ]);
    if (!row) return undefined;
    const caller: Caller = Object.freeze({ userId: row.id, sessionId: row.session_id, user: Object.freeze(userFromRow(row)) });
    const session = { caller, expiresAt: row.expires_at.getTime(), lastSeenAt: row.last_seen_at.getTime() };
    this.live.set(caller, session);
    this.cache.remember(key, caller, generation);
    return session;
  }

  /** Records activity; a failure only means the session may end up to a minute early. */
  private touch(session: LiveSession, now: number): void {
    session.lastSeenAt = now;
    this.sql
      .rows(TOUCH_SESSION, [session.caller.sessionId, new Date(now)])
      .catch((error: unknown) => this.logger.warn({ err: error, sessionId: session.caller.sessionId }, 'could not record a session as seen'));
  }
}
