import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import { createOrganization, createUser, TEST_IDP_CERTIFICATE } from '../../testing';
import { IdentityModule } from '../identity.module';
import { pemCertificateProblem } from './pem-certificate';

const CONFIGURED = {
  label: 'Okta',
  entityID: 'http://www.okta.com/exk1',
  certificate: TEST_IDP_CERTIFICATE,
  ssoURL: 'https://example.okta.com/app/exk1/sso/saml',
};

describe('SAML providers and SSO', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
  });
  afterAll(() => t.close());

  it('creates a pending provider from a label alone, with the service side derived', async () => {
    const { organization, members } = await createOrganization(t);
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, { label: 'Corporate' });
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(res.body).toEqual({
      object: 'saml-provider',
      id,
      label: 'Corporate',
      ssoURL: 'about:blank',
      entityID: '',
      certificate: '',
      defaultRole: 'read',
      createdAt: t.clock.now().toISOString(),
      status: 'pending',
      service: {
        acsURL: `${TEST_PUBLIC_URL}/sso/saml/${id}/acs`,
        startURL: `${TEST_PUBLIC_URL}/sso/saml/${id}/start`,
        entityID: `${TEST_PUBLIC_URL}/sso/saml/${id}/metadata`,
      },
      urls: { location: `${TEST_PUBLIC_URL}/v1/orgs/${organization.id}/saml/${id}` },
    });
    expect(res.headers['location']).toBe(res.body.urls.location);
  });

  it('is active once configured; updates and deletes', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const team = (await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, { title: 'SSO joiners' })).body;
    const created = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, {
      ...CONFIGURED,
      defaultTeam: team.id,
      defaultRole: null,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'active', defaultRole: null, ssoURL: CONFIGURED.ssoURL, defaultTeam: { id: team.id, title: 'SSO joiners' } });
    const path = `/v1/orgs/${organization.id}/saml/${created.body.id}`;

    const patched = await t.http.as(members.admin.token).patch(path, { label: 'Okta EU', defaultRole: 'edit', defaultTeam: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ label: 'Okta EU', defaultRole: 'edit', status: 'active' });
    expect(patched.body.defaultTeam).toBeUndefined();
    expect((await t.http.as(members.admin.token).get(path)).body).toEqual(patched.body);

    const list = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/saml`);
    expect(list.body.count).toBe(1);
    expect(list.body.items[0].id).toBe(created.body.id);

    expect((await t.http.as(members.admin.token).delete(path)).status).toBe(204);
    expect((await t.http.as(members.admin.token).get(path)).status).toBe(404);
    expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/saml`)).body.count).toBe(0);
  });

  it('forgets a deleted default team', async () => {
    const { organization, members } = await createOrganization(t);
    const team = (await t.http.as(members.admin.token).put(`/v1/orgs/${organization.id}/teams`, { title: 'Gone soon' })).body;
    const provider = (await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, { label: 'P', defaultTeam: team.id })).body;
    await t.http.as(members.admin.token).delete(`/v1/orgs/${organization.id}/teams/${team.id}`);
    const res = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/saml/${provider.id}`);
    expect(res.body.defaultTeam).toBeUndefined();
  });

  it.each([
    [{}, 'label is required'],
    [{ label: '' }, 'label must be longer than or equal to 1 characters'],
    [{ label: 'x'.repeat(31) }, 'label must be shorter than or equal to 30 characters'],
    [{ label: 'L', entityID: 'x'.repeat(1025) }, 'entityID must be shorter than or equal to 1024 characters'],
    [{ label: 'L', certificate: 'x'.repeat(10001) }, 'certificate must be shorter than or equal to 10000 characters'],
    [{ label: 'L', certificate: 'not a certificate' }, 'certificate must be one PEM X.509 certificate'],
    [{ label: 'L', certificate: TEST_IDP_CERTIFICATE.replace('MII', 'XXX') }, 'certificate is not a valid X.509 certificate'],
    [{ label: 'L', ssoURL: 'ftp://idp.example.com/sso' }, 'ssoURL must be an absolute http(s) URL'],
    [{ label: 'L', ssoURL: '/relative/sso' }, 'ssoURL must be an absolute http(s) URL'],
    [{ label: 'L', ssoURL: `https://idp.example.com/${'x'.repeat(2048)}` }, 'ssoURL must be shorter than or equal to 2048 characters'],
    [{ label: 'L', defaultRole: 'owner' }, 'defaultRole must be one of'],
    [{ label: 'L', defaultTeam: 'nope' }, 'defaultTeam: no team of this organization has the id nope.'],
    [{ label: 'L', status: 'active' }, 'property status should not exist'],
  ])('refuses %j with 400 and creates nothing', async (body, message) => {
    const { organization, members } = await createOrganization(t);
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect((await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/saml`)).body.count).toBe(0);
  });

  it('accepts the bounds themselves', async () => {
    const { organization, members } = await createOrganization(t);
    const res = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, {
      label: 'x'.repeat(30),
      entityID: 'e'.repeat(1024),
      ssoURL: `https://idp.example.com/${'x'.repeat(2048 - 24)}`,
    });
    expect(res.status).toBe(201);
  });

  it("refuses another organization's team as the default team", async () => {
    const a = await createOrganization(t);
    const b = await createOrganization(t);
    const team = (await t.http.as(b.members.admin.token).put(`/v1/orgs/${b.organization.id}/teams`, { title: 'B' })).body;
    const res = await t.http.as(a.members.admin.token).post(`/v1/orgs/${a.organization.id}/saml`, { label: 'A', defaultTeam: team.id });
    expect(res.status).toBe(400);
  });

  it('refuses invalid updates, changing nothing', async () => {
    const { organization, members } = await createOrganization(t);
    const provider = (await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, CONFIGURED)).body;
    const path = `/v1/orgs/${organization.id}/saml/${provider.id}`;
    expect((await t.http.as(members.admin.token).patch(path, { ssoURL: 'mailto:x@example.com' })).status).toBe(400);
    expect((await t.http.as(members.admin.token).patch(path, { label: '' })).status).toBe(400);
    expect((await t.http.as(members.admin.token).get(path)).body).toEqual(provider);
  });

  it('is for admins: 403 for other members, 404 for outsiders and other organizations', async () => {
    const { organization, members } = await createOrganization(t, { creator: 'create', guest: null });
    const other = await createOrganization(t);
    const provider = (await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, CONFIGURED)).body;
    const path = `/v1/orgs/${organization.id}/saml/${provider.id}`;
    for (const token of [members.creator.token, members.guest.token]) {
      expect((await t.http.as(token).get(`/v1/orgs/${organization.id}/saml`)).status).toBe(403);
      expect((await t.http.as(token).post(`/v1/orgs/${organization.id}/saml`, { label: 'x' })).status).toBe(403);
      expect((await t.http.as(token).get(path)).status).toBe(403);
      expect((await t.http.as(token).patch(path, { label: 'x' })).status).toBe(403);
      expect((await t.http.as(token).delete(path)).status).toBe(403);
    }
    const outsider = await createUser(t);
    expect((await t.http.as(outsider.token).get(path)).status).toBe(404);
    expect((await t.http.as(other.members.admin.token).get(`/v1/orgs/${other.organization.id}/saml/${provider.id}`)).status).toBe(404);
    expect((await t.http.as(other.members.admin.token).delete(`/v1/orgs/${other.organization.id}/saml/${provider.id}`)).status).toBe(404);
    expect((await t.http.as(undefined).get(path)).status).toBe(401);
  });

  it('GET /sso lists how members can sign in: configured providers, for any member', async () => {
    const { organization, members } = await createOrganization(t, { guest: null });
    const active = (await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, CONFIGURED)).body;
    await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, { label: 'Not ready' });
    const res = await t.http.as(members.guest.token).get(`/v1/orgs/${organization.id}/sso`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [{ id: active.id, label: 'Okta', startURL: active.service.startURL }] });
    expect((await t.http.as((await createUser(t)).token).get(`/v1/orgs/${organization.id}/sso`)).status).toBe(404);
  });

  it('pages providers newest first', async () => {
    const { organization, members } = await createOrganization(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      ids.push((await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/saml`, { label: `P${i}` })).body.id);
    }
    const all = await t.http.as(members.admin.token).all(`/v1/orgs/${organization.id}/saml`, { limit: 2 });
    expect(all.map((p: { id: string }) => p.id)).toEqual(ids.reverse());
  });
});

describe('pemCertificateProblem', () => {
  it('accepts a certificate, with surrounding whitespace', () => {
    expect(pemCertificateProblem(`\n${TEST_IDP_CERTIFICATE}\n`)).toBeUndefined();
  });

  it('refuses two certificates, a private key and garbage', () => {
    expect(pemCertificateProblem(`${TEST_IDP_CERTIFICATE}\n${TEST_IDP_CERTIFICATE}`)).toBeDefined();
    expect(pemCertificateProblem('-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----')).toBeDefined();
    expect(pemCertificateProblem('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toBe('is not a valid X.509 certificate');
  });
});
