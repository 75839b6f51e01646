import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Profile, SamlStatusError } from '@node-saml/node-saml';
import { Clock } from '@docs/platform';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { SessionsService, StartedSession } from '../sessions/sessions.service';
import { AccountEvents } from '../sign-in/account-events';
import { safeNext } from '../sign-in/safe-next';
import { UsersService } from '../users/users.service';
import { SamlMembership } from './saml-membership';
import { ConfiguredSamlProvider, isConfigured, SamlProviderPresenter } from './saml-provider.presenter';
import { SamlProviderEntity } from './saml-provider.entity';
import { NO_EMAIL_ANSWER, NOT_SIGNED_IN_ANSWER, SamlRefusal, UNVERIFIED_ANSWER } from './saml-refusal';
import { SamlRequestCache } from './saml-request-cache';
import { SAML_CLOCK_SKEW_MS, ServiceProviderSaml } from './service-provider-saml';
import { emailOf, readSignedAssertion } from './signed-assertion';

export interface SamlSignedIn {
  started: StartedSession;
  /** Where the browser goes now: the RelayState's path when it is one of ours, else the organization. */
  next: string;
}

/**
 * The SAML exchange of a configured provider: our metadata, the AuthnRequest that starts a
 * sign-in, and the response that ends it. Everything one response does (its request used up, its
 * assertion remembered, the person and their membership made, the session) commits together or not
 * at all; a refused response stores nothing, is logged at warn with the check that refused it, and
 * when it was signed and about a member of the provider's organization, is a
 * `member_sign_in_failed` event of that organization.
 */
@Injectable()
export class SamlSignInService {
  private readonly logger = new Logger('SamlSignIn');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(SamlProviderEntity) private readonly providers: Repository<SamlProviderEntity>,
    private readonly presenter: SamlProviderPresenter,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly membership: SamlMembership,
    private readonly sessions: SessionsService,
    private readonly events: AccountEvents,
  ) {}

  /** A provider people can sign in with; 404 for an unknown or unconfigured one. */
  async provider(providerId: string): Promise<ConfiguredSamlProvider> {
    const provider = await this.providers.findOneBy({ id: providerId });
    if (!provider || !isConfigured(provider)) throw new NotFoundException(`No SAML provider with the id ${providerId} is configured.`);
    return provider;
  }

  /** Our service provider's metadata for this provider: entity id, ACS (HTTP-POST), NameID format. */
  metadata(provider: ConfiguredSamlProvider): string {
    return this.saml(provider, this.dataSource.manager).generateServiceProviderMetadata(null, null);
  }

  /** The provider's SSO URL with a new AuthnRequest (HTTP-Redirect binding, remembered) and `next` as RelayState. */
  startUrl(provider: ConfiguredSamlProvider, next: string): Promise<string> {
    return this.saml(provider, this.dataSource.manager).getAuthorizeUrlAsync(next, undefined, {});
  }

  /** Verifies a response posted to the ACS and signs its person in; a SamlRefusal otherwise. */
  async signIn(provider: ConfiguredSamlProvider, samlResponse: string, relayState: unknown, start: { replacing?: string; userAgent?: string }): Promise<SamlSignedIn> {
    try {
      const started = await this.dataSource.transaction(async (tx) => {
        const profile = await this.verify(this.saml(provider, tx), samlResponse);
        const email = emailOf(profile);
        await this.check(tx, provider, profile, email);
        if (!email) throw new SamlRefusal('no email address in the NameID (emailAddress format) nor in an email or mail attribute', NO_EMAIL_ANSWER);
        const user = (await this.users.findOrCreateByEmails([email], tx)).get(email)!;
        try {
          await this.membership.admit(tx, provider, user.id);
        } catch (error) {
          throw error instanceof SamlRefusal ? error.about(email) : error;
        }
        return this.sessions.start(user.id, { method: 'saml', samlProviderId: provider.id, organizationId: provider.organizationId, ...start }, tx);
      });
      return { started, next: nextAfterSignIn(relayState, provider.organizationId) };
    } catch (error) {
      if (error instanceof SamlRefusal) await this.recordRefusal(provider, error);
      throw error;
    }
  }

  /** Removes the requests and remembered assertions past their end (the worker's sweep); answers how many. */
  async removeExpired(): Promise<{ samlRequests: number; samlAssertions: number }> {
    const now = this.clock.now();
    const [, samlRequests] = (await this.dataSource.query(`DELETE FROM saml_requests WHERE expires_at <= $1`, [now])) as [unknown, number];
    const [, samlAssertions] = (await this.dataSource.query(`DELETE FROM saml_assertions WHERE expires_at <= $1`, [now])) as [unknown, number];
    return { samlRequests, samlAssertions };
  }

  private saml(provider: ConfiguredSamlProvider, db: EntityManager): ServiceProviderSaml {
    return ServiceProviderSaml.forProvider(provider, this.presenter.service(provider), new SamlRequestCache(db, provider.id, this.clock));
  }

  /** node-saml's verdict: the profile of a signed, current assertion for us, answering a request of ours if any. */
  private async verify(saml: ServiceProviderSaml, samlResponse: string): Promise<Profile> {
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      const subject = await saml.signedSubject();
      const email = subject && emailOf(subject);
      if (error instanceof SamlStatusError) throw new SamlRefusal(`the identity provider answered: ${error.message}`, NOT_SIGNED_IN_ANSWER, email);
      throw new SamlRefusal(error instanceof Error ? error.message : String(error), UNVERIFIED_ANSWER, email);
    }
    if (!profile) throw new SamlRefusal('not a sign-in response (a logout response, or a passive request declined)');
    return profile;
  }

  /** What node-saml leaves to us: the issuer, the assertion's own InResponseTo, and that it is used once. */
  private async check(tx: EntityManager, provider: ConfiguredSamlProvider, profile: Profile, email: string | undefined): Promise<void> {
    if (profile.issuer !== provider.entityId) {
      throw new SamlRefusal(`the assertion's issuer is ${JSON.stringify(profile.issuer ?? null)}, not the provider's ${JSON.stringify(provider.entityId)}`, UNVERIFIED_ANSWER, email);
    }
    const assertion = readSignedAssertion(profile);
    if ('problem' in assertion) throw new SamlRefusal(assertion.problem, UNVERIFIED_ANSWER, email);
    // Only the response's InResponseTo is checked by node-saml, and without a response signature it is not signed.
    if (assertion.subjectInResponseTo.some((id) => id !== (profile.inResponseTo ?? null))) {
      throw new SamlRefusal("the assertion's SubjectConfirmationData answers another request than the response", UNVERIFIED_ANSWER, email);
    }
    const [remembered] = (await tx.query(
      `INSERT INTO saml_assertions (provider_id, assertion_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING assertion_id`,
      [provider.id, assertion.id, new Date(assertion.notOnOrAfter.getTime() + SAML_CLOCK_SKEW_MS)],
    )) as unknown[];
    if (!remembered) throw new SamlRefusal(`the assertion ${assertion.id} was used before (a replay)`, UNVERIFIED_ANSWER, email);
  }

  private async recordRefusal(provider: ConfiguredSamlProvider, refusal: SamlRefusal): Promise<void> {
    const [member] = refusal.email
      ? ((await this.dataSource.query(
          `SELECT u.id FROM users u JOIN organization_members m ON m.user_id = u.id AND m.organization_id = $2 WHERE u.email = $1`,
          [refusal.email, provider.organizationId],
        )) as { id: string }[])
      : [];
    this.logger.warn({ samlProviderId: provider.id, organizationId: provider.organizationId, userId: member?.id, reason: refusal.reason }, 'SAML sign-in refused');
    if (member) this.events.emitLater('member_sign_in_failed', { userId: member.id, reason: 'saml' }, { organizationId: provider.organizationId });
  }
}

/** RelayState is the browser's (or the provider's, IdP-initiated): a path of ours, checked again, or the organization. */
function nextAfterSignIn(relayState: unknown, organizationId: string): string {
  const next = safeNext(relayState);
  return next === '/' ? `/o/${organizationId}` : next;
}
