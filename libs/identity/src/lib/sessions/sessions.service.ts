import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, Clock, newId, randomBase62 } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { AccountEvents } from '../sign-in/account-events';
import { hashToken } from '../tokens/token-value';
import { SessionAuthenticator } from './session-authenticator';
import { SessionEntity, SignInMethod } from './session.entity';

export interface StartedSession {
  session: SessionEntity;
  /** The cookie's value: shown to the browser once, stored only as its SHA-256. */
  value: string;
}

export interface SessionStart {
  method: SignInMethod;
  samlProviderId?: string;
  /** The session the browser presented when it signed in: ended, never carried over (no fixation). */
  replacing?: string;
  userAgent?: string;
  /** SAML: the event goes to the provider's organization only. */
  organizationId?: string;
}

/**
 * A person's sessions: started at sign-in (always a new secret), ended by sign-out, by "sign out
 * everywhere", by a password change; removing a member ends theirs by a trigger (migration
 * 1795450000000). Every end forgets this process's remembered sessions at once; the others hear
 * PostgreSQL's `auth_changed` notification.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger('Sessions');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly authenticator: SessionAuthenticator,
    private readonly events: AccountEvents,
  ) {}

  /** Starts a session for `userId` in `tx` (or a transaction of its own), with its `member_signed_in` events. */
  async start(userId: string, start: SessionStart, tx?: EntityManager): Promise<StartedSession> {
    if (!tx) return this.dataSource.transaction((own) => this.start(userId, start, own));
    if (start.replacing) await this.endByValue(start.replacing, tx);
    const now = this.clock.now();
    const value = randomBase62(43);
    const session = tx.create(SessionEntity, {
      id: newId(),
      tokenHash: hashToken(value),
      userId,
      method: start.method,
      samlProviderId: start.samlProviderId ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.config.sessions.maxSeconds * 1000),
      userAgent: start.userAgent ? start.userAgent.slice(0, 512) : null,
    });
    await tx.insert(SessionEntity, session);
    await this.events.emit(
      tx,
      'member_signed_in',
      { userId, method: start.method, ...(start.samlProviderId ? { samlProviderId: start.samlProviderId } : {}) },
      { organizationId: start.organizationId },
    );
    this.logger.log({ userId, sessionId: session.id, method: start.method, samlProviderId: start.samlProviderId }, 'signed in');
    return { session, value };
  }

  /** Sign out: the session of this cookie value ends (nothing when it is unknown or over). */
  async signOut(value: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const ended = await this.endByValue(value, tx);
      if (ended) {
        await this.events.emit(tx, 'member_signed_out', { userId: ended.userId, everywhere: false });
        this.logger.log({ userId: ended.userId, sessionId: ended.id }, 'signed out');
      }
    });
  }

  /** Sign out everywhere: every session of the person ends, this one included. */
  async signOutEverywhere(userId: string): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const ended = await this.endAllOf(userId, tx);
      await this.events.emit(tx, 'member_signed_out', { userId, everywhere: true });
      this.logger.log({ userId, sessions: ended }, 'signed out everywhere');
      return ended;
    });
  }

  /** Ends every session of a person (a password change), in `tx`; answers how many ended. */
  async endAllOf(userId: string, tx: EntityManager): Promise<number> {
    const result = await tx.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
    this.authenticator.forgetAll();
    return (result as [unknown, number])[1];
  }

  /** Removes the sessions past their idle or absolute end (the worker's sweep); answers how many. */
  async removeExpired(): Promise<number> {
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - this.config.sessions.idleSeconds * 1000);
    const result = await this.dataSource.query(`DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2`, [now, idleSince]);
    return (result as [unknown, number])[1];
  }

  private async endByValue(value: string, tx: EntityManager): Promise<{ id: string; userId: string } | undefined> {
    // TypeORM answers a DELETE as [rows, count].
    const [rows] = (await tx.query(`DELETE FROM sessions WHERE token_hash = $1 RETURNING id, user_id`, [hashToken(value)])) as [{ id: string; user_id: string }[], number];
    if (rows.length === 0) return undefined;
    this.authenticator.forgetAll();
    return { id: rows[0].id, userId: rows[0].user_id };
  }
}
