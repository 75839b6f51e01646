import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, Clock, newId, randomBase62 } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { hashToken } from '../tokens/token-value';
import { AccountLinkEntity, AccountLinkPurpose } from './account-link.entity';

/** How long each kind of link works: a reset is short-lived; an invitation waits for its reader. */
export const ACCOUNT_LINK_LIFETIME_SECONDS: Record<AccountLinkPurpose, number> = {
  'choose-password': 24 * 3600,
  'reset-password': 3600,
  invitation: 7 * 86400,
};

/** Where each kind of link opens in the app (APP_URL). */
const LINK_PATH: Record<AccountLinkPurpose, string> = {
  'choose-password': '/auth/password',
  'reset-password': '/auth/password',
  invitation: '/auth/invitation',
};

export interface IssuedLink {
  link: AccountLinkEntity;
  /** The URL to send: it holds the secret, shown once, never stored. */
  url: string;
}

/** A link that still works, with what its page needs to show. */
export interface OpenLink {
  id: string;
  userId: string;
  email: string;
  purpose: AccountLinkPurpose;
  organizationId: string | null;
  organizationTitle: string | null;
  /** Whether the person already has a password (an invitation then only asks them to sign in). */
  hasPassword: boolean;
}

/** One-time links for people: issued by the first start, a reset request, an invitation. */
@Injectable()
export class AccountLinksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async issue(tx: EntityManager, userId: string, purpose: AccountLinkPurpose, organizationId: string | null = null): Promise<IssuedLink> {
    const value = randomBase62(43);
    const now = this.clock.now();
    const link = tx.create(AccountLinkEntity, {
      id: newId(),
      tokenHash: hashToken(value),
      userId,
      purpose,
      organizationId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ACCOUNT_LINK_LIFETIME_SECONDS[purpose] * 1000),
      usedAt: null,
    });
    await tx.insert(AccountLinkEntity, link);
    return { link, url: `${this.config.urls.app}${LINK_PATH[purpose]}?token=${value}` };
  }

  /** The link of this secret if it still works (unused, unexpired), for its page. */
  async open(value: string, manager: EntityManager = this.dataSource.manager): Promise<OpenLink | undefined> {
    const [row] = (await manager.query(
      `SELECT l.id, l.user_id, u.email, l.purpose, l.organization_id, o.title AS organization_title, (p.user_id IS NOT NULL) AS has_password
         FROM account_links l
         JOIN users u ON u.id = l.user_id
         LEFT JOIN organizations o ON o.id = l.organization_id
         LEFT JOIN user_passwords p ON p.user_id = l.user_id
        WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > $2`,
      [hashToken(value), this.clock.now()],
    )) as { id: string; user_id: string; email: string; purpose: AccountLinkPurpose; organization_id: string | null; organization_title: string | null; has_password: boolean }[];
    if (!row) return undefined;
    return {
      id: row.id,
      userId: row.user_id,
      email: row.email,
      purpose: row.purpose,
      organizationId: row.organization_id,
      organizationTitle: row.organization_title,
      hasPassword: row.has_password,
    };
  }

  /** Uses the link of this secret, once: undefined when it was used (by a concurrent request too), expired or unknown. */
  async use(tx: EntityManager, value: string): Promise<OpenLink | undefined> {
    const link = await this.open(value, tx);
    if (!link) return undefined;
    const [, used] = (await tx.query(`UPDATE account_links SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, [link.id, this.clock.now()])) as [unknown, number];
    return used === 1 ? link : undefined;
  }

  /** A password was set: the person's other password links stop working (an old reset mail is worthless). */
  async retirePasswordLinks(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`UPDATE account_links SET used_at = $2 WHERE user_id = $1 AND purpose IN ('choose-password', 'reset-password') AND used_at IS NULL`, [
      userId,
      this.clock.now(),
    ]);
  }

  /** The worker's sweep: links past their end are removed. */
  async removeExpired(): Promise<number> {
    const [, removed] = (await this.dataSource.query(`DELETE FROM account_links WHERE expires_at <= $1`, [this.clock.now()])) as [unknown, number];
    return removed;
  }
}
