import { inflateRawSync } from 'node:zlib';
import { randomBase62 } from '@docs/platform';
import { createTestApp, eventually, TestApp, TestResponse } from '@docs/platform/testing';
import { asBrowser, createOrganization, createUser, sessionCookieOf, TEST_IDP_CERTIFICATE, TEST_OTHER_CERTIFICATE, TEST_OTHER_PRIVATE_KEY } from '../../testing';
import {
  assertionXml,
  CraftedAssertion,
  encoded,
  failedResponseXml,
  responseXml,
  samlId,
  signAssertion,
  signResponse,
  TRANSIENT_NAME_ID,
} from '../../testing/saml-responses';
import { IdentityModule } from '../identity.module';
import type { MemberRoleOrGuest } from '../members/member-role';
import { NO_EMAIL_ANSWER, NOT_SIGNED_IN_ANSWER, OTHER_ORGANIZATION_ANSWER, UNVERIFIED_ANSWER } from './saml-refusal';
import { SamlSignInService } from './saml-sign-in.service';

const IDP_ENTITY_ID = 'https://idp.example.com/saml/metadata';
const IDP_SSO_URL = 'https://idp.example.com/saml/sso?tenant=docs';
const OTHER_KEY = { privateKey: TEST_OTHER_PRIVATE_KEY, certificate: TEST_OTHER_CERTIFICATE };
const SIGNATURE = /<ds:Signature[\s\S]*<\/ds:Signature>/;

interface LogLine {
  level: number;
  msg: string;
  reason?: string;
  samlProviderId?: string;
  userId?: string;
}

describe('SAML sign-in (crafted responses, signed with samlify)', () => {
  let t: TestApp;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule], env: { LOG_LEVEL: 'info' }, logDestination: { write: (line: string) => void logs.push(line) } });
  });
  afterAll(() => t.close());

  /** An organization with a configured provider (default role and team as asked). */
  async function providerOf(options: { defaultRole?: MemberRoleOrGuest; withTeam?: boolean; roles?: Record<string, MemberRoleOrGuest> } = {}) {
    const { organization, members } = await createOrganization(t, options.roles ?? {});
    const admin = t.http.as(members.admin.token);
    const team = options.withTeam ? (await admin.put(`/v1/orgs/${organization.id}/teams`, { title: 'Joined by SSO' })).body : undefined;
    const created = await admin.post(`/v1/orgs/${organization.id}/saml`, {
      label: 'Corporate',
      entityID: IDP_ENTITY_ID,
      ssoURL: IDP_SSO_URL,
      certificate: TEST_IDP_CERTIFICATE,
      ...(options.defaultRole !== undefined ? { defaultRole: options.defaultRole } : {}),
      ...(team ? { defaultTeam: team.id } : {}),
    });
    expect(created.status).toBe(201);
    const provider = created.body as { id: string; service: { acsURL: string; startURL: string; entityID: string } };
    /** What a correct response of this provider says about `nameId`. */
    const about = (nameId: string, extra: Partial<CraftedAssertion> = {}): CraftedAssertion => ({
      nameId,
      issuer: IDP_ENTITY_ID,
      audience: provider.service.entityID,
      recipient: provider.service.acsURL,
      ...extra,
    });
    return { organization, members, team, provider, about };
  }

  function post(providerId: string, samlResponse: string, relayState?: string): Promise<TestResponse> {
    const fields = new URLSearchParams({ SAMLResponse: samlResponse, ...(relayState !== undefined ? { RelayState: relayState } : {}) });
    // Posted by the identity provider's page: another site.
    return t.http.as(undefined).post(`/sso/saml/${providerId}/acs`, undefined, {
      raw: fields.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://idp.example.com' },
    });
  }

  /** A signed response (its assertion signed) about `assertion`. */
  const signed = (assertion: CraftedAssertion) => encoded(signAssertion(responseXml(assertion, assertionXml(assertion))));

  async function start(providerId: string, next?: string) {
    const res = await t.http.as(undefined).get(`/sso/saml/${providerId}/start`, next === undefined ? {} : { query: { next } });
    const location = new URL(res.headers['location']);
    const request = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    return { res, location, request, requestId: /\bID="([^"]+)"/.exec(request)?.[1] ?? '' };
  }

  const email = (name: string) => `${name}-${randomBase62(6)}@example.com`.toLowerCase();
  const count = async (sql: string, params: unknown[]) => ((await t.dataSource.query(sql, params)) as { n: number }[])[0].n;
  const usersWith = (address: string) => count(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [address]);
  const membersOf = (organizationId: string) => count(`SELECT count(*)::int AS n FROM organization_members WHERE organization_id = $1`, [organizationId]);
  const sessionsOf = (providerId: string) => count(`SELECT count(*)::int AS n FROM sessions WHERE saml_provider_id = $1`, [providerId]);
  const member = async (organizationId: string, address: string) =>
    ((await t.dataSource.query(
      `SELECT m.role, m.sso, m.user_id FROM organization_members m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 AND u.email = $2`,
      [organizationId, address],
    )) as { role: MemberRoleOrGuest; sso: boolean; user_id: string }[])[0];
  const events = async (type: string, organizationId: string) =>
    (await t.dataSource.query(`SELECT payload FROM events WHERE type = $1 AND organization_id = $2 ORDER BY sequence`, [type, organizationId])) as {
      payload: Record<string, unknown>;
    }[];
  const refusalsLogged = (providerId: string): LogLine[] =>
    logs.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'SAML sign-in refused' && line.samlProviderId === providerId);

  describe('metadata and start', () => {
    it('serves the service provider metadata: our entity id and an HTTP-POST assertion consumer service', async () => {
      const { provider } = await providerOf();
      const res = await t.http.as(undefined).get(`/sso/saml/${provider.id}/metadata`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/samlmetadata+xml; charset=utf-8');
      expect(res.text).toContain(`entityID="${provider.service.entityID}"`);
      expect(res.text).toMatch(
        new RegExp(`<AssertionConsumerService index="1" isDefault="true" Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${provider.service.acsURL}"/>`),
      );
      expect(res.text).toContain('<NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</NameIDFormat>');
    });

    it('answers 404 for an unknown provider and for one not configured yet, on every route', async () => {
      const { organization, members } = await createOrganization(t);
      const pending = (await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, { label: 'Pending' })).body;
      for (const id of ['unknown-provider', pending.id]) {
        for (const res of [
          await t.http.as(undefined).get(`/sso/saml/${id}/metadata`),
          await t.http.as(undefined).get(`/sso/saml/${id}/start`),
          await post(id, 'PHhtbC8+'),
        ]) {
          expect(res.status).toBe(404);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
        }
      }
    });

    it('starts with a redirect to the SSO URL: a deflated AuthnRequest naming our ACS and entity id, the next path as RelayState, the request remembered', async () => {
      const { provider } = await providerOf();
      const { res, location, request, requestId } = await start(provider.id, '/o/somewhere/spaces?tab=1');
      expect(res.status).toBe(302);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(`${location.origin}${location.pathname}`).toBe('https://idp.example.com/saml/sso');
      expect(location.searchParams.get('tenant')).toBe('docs');
      expect(location.searchParams.get('RelayState')).toBe('/o/somewhere/spaces?tab=1');
      expect(request).toContain(`AssertionConsumerServiceURL="${provider.service.acsURL}"`);
      expect(request).toContain('ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"');
      expect(request).toMatch(new RegExp(`<saml:Issuer[^>]*>${provider.service.entityID}</saml:Issuer>`));
      expect(requestId).toMatch(/^_[0-9a-f]{40}$/);
      expect(await count(`SELECT count(*)::int AS n FROM saml_requests WHERE provider_id = $1 AND id = $2`, [provider.id, requestId])).toBe(1);
      // Somewhere else than a path of ours is not carried.
      expect((await start(provider.id, 'https://evil.example/')).location.searchParams.get('RelayState')).toBe('/');
    });
  });

  describe('signing in', () => {
    it('SP-initiated: the answer to our request signs a new person in as a member (default role, default team, sso), the cookie works on /v1, the request is used up', async () => {
      const { organization, provider, team, about } = await providerOf({ defaultRole: 'edit', withTeam: true });
      const { requestId } = await start(provider.id, '/o/x/spaces');
      const address = email('newcomer');

      const res = await post(provider.id, signed(about(address, { inResponseTo: requestId })), '/o/x/spaces');
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe('/o/x/spaces');
      const cookie = sessionCookieOf(res)!;
      expect(cookie).toMatch(/^docs_session=[0-9A-Za-z]{43}$/);

      const me = await t.http.as(undefined).get('/v1/user', asBrowser(cookie));
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ object: 'user', email: address });
      expect(await member(organization.id, address)).toMatchObject({ role: 'edit', sso: true });
      const teamMembers = await t.dataSource.query(`SELECT user_id, role FROM team_members WHERE team_id = $1`, [team.id]);
      expect(teamMembers).toEqual([{ user_id: me.body.id, role: 'member' }]);
      expect(await count(`SELECT count(*)::int AS n FROM saml_requests WHERE id = $1`, [requestId])).toBe(0);
      const [session] = await t.dataSource.query(`SELECT method, saml_provider_id FROM sessions WHERE user_id = $1`, [me.body.id]);
      expect(session).toEqual({ method: 'saml', saml_provider_id: provider.id });

      expect((await events('member_added', organization.id)).filter((e) => e.payload['userId'] === me.body.id)).toEqual([
        { payload: expect.objectContaining({ userId: me.body.id, role: 'edit', auth: { userId: me.body.id } }) },
      ]);
      expect((await events('team_member_added', organization.id)).some((e) => e.payload['userId'] === me.body.id && e.payload['teamId'] === team.id)).toBe(true);
      expect((await events('member_signed_in', organization.id)).find((e) => e.payload['userId'] === me.body.id)?.payload).toMatchObject({
        method: 'saml',
        samlProviderId: provider.id,
      });
    });

    it('IdP-initiated: a signed response without a request signs in too, and lands in the organization', async () => {
      const { organization, provider, about } = await providerOf({ defaultRole: null });
      const address = email('idp-initiated');
      // The response signed this time, not its assertion; the address from a `mail` attribute.
      const assertion = about('ignored', { ...TRANSIENT_NAME_ID, attributes: { mail: address.toUpperCase() } });
      const res = await post(provider.id, encoded(signResponse(responseXml(assertion, assertionXml(assertion)))));
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe(`/o/${organization.id}`);
      expect((await t.http.as(undefined).get('/v1/user', asBrowser(sessionCookieOf(res)!))).body.email).toBe(address);
      // defaultRole null: a guest.
      expect(await member(organization.id, address)).toMatchObject({ role: null, sso: true });
    });

    it('an existing member keeps their role and teams; a RelayState that is not a path of ours lands in the organization', async () => {
      const { organization, members, provider, team, about } = await providerOf({ defaultRole: 'admin', withTeam: true, roles: { reviewer: 'review' } });
      const address = members.reviewer.user.email;
      const res = await post(provider.id, signed(about(address.toUpperCase())), 'https://evil.example/phish');
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe(`/o/${organization.id}`);
      expect((await t.http.as(undefined).get('/v1/user', asBrowser(sessionCookieOf(res)!))).body.id).toBe(members.reviewer.user.id);
      expect(await member(organization.id, address)).toMatchObject({ role: 'review', sso: false });
      expect(await count(`SELECT count(*)::int AS n FROM team_members WHERE team_id = $1`, [team.id])).toBe(0);
      expect((await events('member_added', organization.id)).some((e) => e.payload['userId'] === members.reviewer.user.id)).toBe(false);
    });

    it("a person of no organization yet (with a password) joins; the browser's previous session ends", async () => {
      const { organization, provider, about } = await providerOf();
      const loner = await createUser(t, 'loner');
      const first = await post(provider.id, signed(about(loner.user.email)));
      const previous = sessionCookieOf(first)!;
      const again = await t.http.as(undefined).post(`/sso/saml/${provider.id}/acs`, undefined, {
        raw: new URLSearchParams({ SAMLResponse: signed(about(loner.user.email)) }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: previous },
      });
      expect(again.status).toBe(303);
      expect((await t.http.as(undefined).get('/v1/user', asBrowser(previous))).status).toBe(401);
      expect(await sessionsOf(provider.id)).toBe(1);
      expect(await member(organization.id, loner.user.email)).toMatchObject({ role: 'read', sso: true });
    });
  });

  describe('refusals: 403, no session, no member, no user', () => {
    /** Each case: what the log gives as the reason, and the response posted, about an address nobody has yet. */
    const cases: [string, RegExp, (p: Awaited<ReturnType<typeof providerOf>>, address: string) => Promise<string> | string][] = [
      ['an unsigned response', /^Invalid signature$/, (p, address) => encoded(responseXml(p.about(address), assertionXml(p.about(address))))],
      ['an assertion signed by another key', /^Invalid signature$/, (p, address) => encoded(signAssertion(responseXml(p.about(address), assertionXml(p.about(address))), OTHER_KEY))],
      ['a response signed by another key', /^Invalid signature$/, (p, address) => encoded(signResponse(responseXml(p.about(address), assertionXml(p.about(address))), OTHER_KEY))],
      [
        'an assertion changed after it was signed',
        /^Invalid signature$/,
        (p, address) => encoded(signAssertion(responseXml(p.about(address), assertionXml(p.about(`x${address}`)))).replace(`>x${address}<`, `>${address}<`)),
      ],
      [
        'a second, unsigned assertion beside the signed one (XSW3)',
        /^Invalid signature: multiple assertions$/,
        (p, address) => {
          const legit = signAssertion(responseXml(p.about(email('legit')), assertionXml(p.about(email('legit')))));
          return encoded(legit.replace('<saml:Assertion ', `${assertionXml(p.about(address))}<saml:Assertion `));
        },
      ],
      [
        'the signed assertion wrapped inside an unsigned one (XSW4)',
        /^Invalid signature$/,
        (p, address) => {
          const legit = signAssertion(responseXml(p.about(email('legit')), assertionXml(p.about(email('legit')))));
          const original = signedAssertionOf(legit);
          return encoded(legit.replace(original, assertionXml(p.about(address)).replace('</saml:Assertion>', `${original}</saml:Assertion>`)));
        },
      ],
      [
        "the signed assertion moved into the response's Extensions, an unsigned one in its place (XSW7)",
        /^Invalid signature$/,
        (p, address) => {
          const legit = signAssertion(responseXml(p.about(email('legit')), assertionXml(p.about(email('legit')))));
          const original = signedAssertionOf(legit);
          return encoded(
            legit
              .replace(original, assertionXml(p.about(address)))
              .replace('<samlp:Status>', `<samlp:Extensions>${original}</samlp:Extensions><samlp:Status>`),
          );
        },
      ],
      [
        'an altered copy carrying the signature, the original inside the signature (XSW8)',
        /ID cannot refer to more than one element/,
        (p, address) => {
          const legitAddress = email('legit');
          const legit = signAssertion(responseXml(p.about(legitAddress), assertionXml(p.about(legitAddress))));
          const original = signedAssertionOf(legit);
          const signature = SIGNATURE.exec(original)![0];
          const unsignedOriginal = original.replace(signature, '');
          const altered = original
            .replace(`>${legitAddress}<`, `>${address}<`)
            .replace('</ds:Signature>', `<ds:Object>${unsignedOriginal}</ds:Object></ds:Signature>`);
          return encoded(legit.replace(original, altered));
        },
      ],
      [
        'a new response around the signed one, which hides in its signature (XSW1)',
        /Referenced node does not refer to/,
        (p, address) => {
          const legitAddress = email('legit');
          const legit = signResponse(responseXml(p.about(legitAddress), assertionXml(p.about(legitAddress))));
          const signature = SIGNATURE.exec(legit)![0];
          const wrapped = signature.replace('</ds:Signature>', `<ds:Object>${legit.replace(signature, '')}</ds:Object></ds:Signature>`);
          const evil = responseXml(p.about(address), assertionXml(p.about(address)));
          return encoded(evil.replace('<samlp:Status>', `${wrapped}<samlp:Status>`));
        },
      ],
      ['another audience', /^SAML assertion audience mismatch/, (p, address) => signed(p.about(address, { audience: 'https://other-sp.example.com/metadata' }))],
      ['an expired assertion', /^SAML assertion expired/, (p, address) => signed(p.about(address, { notBefore: minutesFromNow(-20), notOnOrAfter: minutesFromNow(-10) }))],
      ['an assertion not valid yet', /^SAML assertion not yet valid$/, (p, address) => signed(p.about(address, { notBefore: minutesFromNow(10), notOnOrAfter: minutesFromNow(20) }))],
      ['an issuer that is not the provider', /^the assertion's issuer is "https:\/\/impostor.example.com\/metadata"/, (p, address) => signed(p.about(address, { issuer: 'https://impostor.example.com/metadata' }))],
      ['an InResponseTo of no request', /^InResponseTo is not valid$/, (p, address) => signed(p.about(address, { inResponseTo: samlId() }))],
      [
        "a response whose InResponseTo was stripped while its signed assertion answers a request",
        /answers another request than the response$/,
        async (p, address) => {
          const { requestId } = await start(p.provider.id);
          const assertion = assertionXml(p.about(address, { inResponseTo: requestId }));
          return encoded(signAssertion(responseXml(p.about(address), assertion)));
        },
      ],
      [
        'an InResponseTo of a request to another provider',
        /^InResponseTo is not valid$/,
        async (p, address) => {
          const other = await providerOf();
          const { requestId } = await start(other.provider.id);
          return signed(p.about(address, { inResponseTo: requestId }));
        },
      ],
    ];

    it.each(cases)('%s', async (_name, reason, craft) => {
      const p = await providerOf({ defaultRole: 'admin', withTeam: true });
      const address = email('refused');
      const response = await craft(p, address);
      const before = { members: await membersOf(p.organization.id), users: await count(`SELECT count(*)::int AS n FROM users`, []) };

      const res = await post(p.provider.id, response);
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain(UNVERIFIED_ANSWER.replace("'", '&#39;'));
      expect(sessionCookieOf(res)).toBeUndefined();
      expect(await sessionsOf(p.provider.id)).toBe(0);
      expect(await membersOf(p.organization.id)).toBe(before.members);
      expect(await count(`SELECT count(*)::int AS n FROM users`, [])).toBe(before.users);
      expect(await usersWith(address)).toBe(0);
      expect(await count(`SELECT count(*)::int AS n FROM saml_assertions WHERE provider_id = $1`, [p.provider.id])).toBe(0);
      // The log says which check refused it; the browser never does.
      const [logged] = refusalsLogged(p.provider.id);
      expect(logged).toMatchObject({ level: 40, reason: expect.stringMatching(reason) });
      expect(res.text).not.toContain(logged.reason!.slice(0, 20));
    });

    it('a replayed assertion: the first use signs in, the second is refused', async () => {
      const { provider, about } = await providerOf();
      const response = signed(about(email('replayed')));
      expect((await post(provider.id, response)).status).toBe(303);
      const replay = await post(provider.id, response);
      expect(replay.status).toBe(403);
      expect(sessionCookieOf(replay)).toBeUndefined();
      expect(await sessionsOf(provider.id)).toBe(1);
      expect(refusalsLogged(provider.id)[0].reason).toMatch(/was used before \(a replay\)/);
    });

    it('a request answers once: a second response to it is refused', async () => {
      const { provider, about } = await providerOf();
      const { requestId } = await start(provider.id);
      expect((await post(provider.id, signed(about(email('first'), { inResponseTo: requestId })))).status).toBe(303);
      expect((await post(provider.id, signed(about(email('second'), { inResponseTo: requestId })))).status).toBe(403);
      expect(refusalsLogged(provider.id)[0].reason).toBe('InResponseTo is not valid');
    });

    it('a refusal of a signed answer about a member is logged with the member and is a member_sign_in_failed event of the organization', async () => {
      const { organization, members, provider, about } = await providerOf({ roles: { writer: 'edit' } });
      const res = await post(provider.id, signed(about(members.writer.user.email, { notBefore: minutesFromNow(-20), notOnOrAfter: minutesFromNow(-10) })));
      expect(res.status).toBe(403);
      expect(refusalsLogged(provider.id)[0]).toMatchObject({ userId: members.writer.user.id, reason: 'SAML assertion expired: clocks skewed too much' });
      await eventually(async () =>
        expect(await events('member_sign_in_failed', organization.id)).toEqual([expect.objectContaining({ payload: expect.objectContaining({ userId: members.writer.user.id, reason: 'saml' }) })]),
      );
      // An unsigned answer says nothing trustworthy about anyone: logged, no event.
      await post(provider.id, encoded(responseXml(about(members.writer.user.email), assertionXml(about(members.writer.user.email)))));
      expect(refusalsLogged(provider.id)[1].userId).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await events('member_sign_in_failed', organization.id)).toHaveLength(1);
    });

    it('never logs the response, the cookie or the session value', async () => {
      const { provider, about } = await providerOf();
      const response = signed(about(email('logged')));
      const res = await post(provider.id, response);
      const cookie = sessionCookieOf(res)!;
      await post(provider.id, response);
      const all = logs.join('\n');
      expect(all).not.toContain(response.slice(0, 60));
      expect(all).not.toContain(cookie.split('=')[1]);
    });

    it("a person who also belongs to another organization is not signed in by this one's provider", async () => {
      const { organization, members, provider, about } = await providerOf({ roles: { reader: 'read' } });
      const elsewhere = await createOrganization(t, {});
      const res = await post(provider.id, signed(about(elsewhere.members.admin.user.email)));
      expect(res.status).toBe(403);
      expect(res.text).toContain(OTHER_ORGANIZATION_ANSWER);
      expect(await member(organization.id, elsewhere.members.admin.user.email)).toBeUndefined();
      expect(await sessionsOf(provider.id)).toBe(0);
      // A member of both is refused too (its other organization would be reachable).
      await t.http.as(elsewhere.members.admin.token).post(`/v1/orgs/${elsewhere.organization.id}/invites`, { emails: [members.reader.user.email] });
      expect((await post(provider.id, signed(about(members.reader.user.email)))).status).toBe(403);
      expect(await sessionsOf(provider.id)).toBe(0);
    });

    it('an answer without an address, and an identity provider saying it did not sign the person in, are refused with what happened', async () => {
      const { provider, about } = await providerOf();
      const noAddress = await post(provider.id, signed(about('ignored', TRANSIENT_NAME_ID)));
      expect(noAddress.status).toBe(403);
      expect(noAddress.text).toContain(NO_EMAIL_ANSWER.replace("'", '&#39;'));
      const failed = await post(provider.id, encoded(failedResponseXml(about('ignored'))));
      expect(failed.status).toBe(403);
      expect(failed.text).toContain(NOT_SIGNED_IN_ANSWER);
      expect(refusalsLogged(provider.id).map((line) => line.reason)).toEqual([
        'no email address in the NameID (emailAddress format) nor in an email or mail attribute',
        'the identity provider answered: SAML provider returned Responder error: AuthnFailed',
      ]);
    });

    it('a post without a SAMLResponse, or with garbage, stores nothing', async () => {
      const { provider } = await providerOf();
      const empty = await t.http.as(undefined).post(`/sso/saml/${provider.id}/acs`, undefined, {
        raw: 'RelayState=%2F',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(empty.status).toBe(400);
      expect(empty.headers['content-type']).toMatch(/^text\/html/);
      expect((await post(provider.id, 'not base64 XML at all')).status).toBe(403);
      expect(await sessionsOf(provider.id)).toBe(0);
    });
  });

  it('the sweep removes requests and remembered assertions once past their end, and an expired request answers nothing', async () => {
    const { provider, about } = await providerOf();
    const now = t.clock.now();
    try {
      const { requestId } = await start(provider.id);
      expect((await post(provider.id, signed(about(email('swept'))))).status).toBe(303);
      const [{ expires_at: assertionEnd }] = await t.dataSource.query(`SELECT expires_at FROM saml_assertions WHERE provider_id = $1`, [provider.id]);
      expect(await t.get(SamlSignInService).removeExpired()).toEqual({ samlRequests: 0, samlAssertions: 0 });

      t.clock.advance(60 * 60 * 1000);
      expect((await post(provider.id, signed(about(email('late'), { inResponseTo: requestId })))).status).toBe(403);
      expect((await t.get(SamlSignInService).removeExpired()).samlRequests).toBeGreaterThanOrEqual(1);
      expect(await count(`SELECT count(*)::int AS n FROM saml_requests WHERE provider_id = $1`, [provider.id])).toBe(0);

      t.clock.set(new Date((assertionEnd as Date).getTime()));
      expect((await t.get(SamlSignInService).removeExpired()).samlAssertions).toBeGreaterThanOrEqual(1);
      expect(await count(`SELECT count(*)::int AS n FROM saml_assertions WHERE provider_id = $1`, [provider.id])).toBe(0);
    } finally {
      t.clock.set(now);
    }
  });
});

function minutesFromNow(minutes: number): Date {
  return new Date(Date.now() + minutes * 60_000);
}

/** The signed assertion element of a response, as text. */
function signedAssertionOf(response: string): string {
  const start = response.indexOf('<saml:Assertion ');
  const end = response.lastIndexOf('</saml:Assertion>') + '</saml:Assertion>'.length;
  return response.slice(start, end);
}
