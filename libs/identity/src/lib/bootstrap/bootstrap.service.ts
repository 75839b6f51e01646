import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, Clock } from '@docs/platform';
import { DataSource } from 'typeorm';
import { OrganizationsService } from '../organizations/organizations.service';
import { AccountLinksService } from '../account-links/account-links.service';
import { ApiTokensService } from '../tokens/api-tokens.service';
import { UsersService } from '../users/users.service';

export type BootstrapResult =
  /** `presetTokenUnknown`: BOOTSTRAP_TOKEN is set but no token has its value (the database was bootstrapped without it). */
  | { performed: false; presetTokenUnknown?: true }
  | { performed: true; email: string; organizationId: string; organizationTitle: string; token: string; passwordLink: string };

const BOOTSTRAP_LOCK_KEY = 7_340_022;
const BOOTSTRAP_MARKER = 'bootstrap';

/**
 * First start against an empty database: one organization, its admin (BOOTSTRAP_EMAIL), an
 * API token for them (BOOTSTRAP_TOKEN's value when set) and a one-time link where they choose a
 * password. It happens once per database: a
 * marker row records it, and a transaction-level advisory lock keeps two processes starting
 * together from both doing it.
 */
@Injectable()
export class BootstrapService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly organizations: OrganizationsService,
    private readonly tokens: ApiTokensService,
    private readonly links: AccountLinksService,
    private readonly clock: Clock,
  ) {}

  async ensureBootstrapped(): Promise<BootstrapResult> {
    const result = await this.bootstrapOnce();
    const preset = this.config.bootstrap.token;
    if (!result.performed && preset && !(await this.tokens.existsWithValue(preset))) return { performed: false, presetTokenUnknown: true };
    return result;
  }

  private bootstrapOnce(): Promise<BootstrapResult> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK_KEY]);
      const marker = await tx.query('SELECT 1 FROM instance_settings WHERE key = $1', [BOOTSTRAP_MARKER]);
      if (marker.length > 0) return { performed: false } as const;

      const [{ count }] = await tx.query('SELECT count(*)::int AS count FROM users');
      const record = async (value: object) =>
        tx.query('INSERT INTO instance_settings (key, value) VALUES ($1, $2)', [BOOTSTRAP_MARKER, JSON.stringify(value)]);
      if (count > 0) {
        // Someone populated the database another way (the CLI): nothing to create.
        await record({ at: this.clock.now().toISOString(), skipped: 'database not empty' });
        return { performed: false } as const;
      }

      const { bootstrap } = this.config;
      const user = await this.users.create(bootstrap.email, 'Administrator', tx);
      const organization = await this.organizations.create({ title: bootstrap.organizationTitle }, user.id, tx);
      const minted = await this.tokens.mint(user.id, 'bootstrap', { presetValue: bootstrap.token, manager: tx });
      // The admin signs in with a password of their choosing: a one-time link, valid 24 h.
      const passwordLink = await this.links.issue(tx, user.id, 'choose-password');
      await record({ at: this.clock.now().toISOString(), userId: user.id, organizationId: organization.id, tokenId: minted.token.id });
      return {
        performed: true,
        email: user.email,
        organizationId: organization.id,
        organizationTitle: organization.title,
        token: minted.value,
        passwordLink: passwordLink.url,
      } as const;
    });
  }
}
