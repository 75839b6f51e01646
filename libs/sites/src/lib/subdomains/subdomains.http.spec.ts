import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

/** Organization subdomains: set by PATCH of the organization, read by getSubdomain, resolved as published URLs (PUBLISHED_URL is `http://docs.test`). */
describe('organization subdomains (getSubdomain)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  let counter = 0;
  const setup = async () => {
    const org = await createOrganization(t, { reader: 'read', guest: null });
    const subdomain = `team-${++counter}-docs`;
    const admin = t.http.as(org.members.admin.token);
    expect((await admin.patch(`/v1/orgs/${org.organization.id}`, { subdomain })).status).toBe(200);
    return { ...org, subdomain, admin };
  };

  it("names the organization to its members, active once one of its sites is published", async () => {
    const { organization, members, subdomain, admin } = await setup();
    for (const token of [members.admin.token, members.reader.token, members.guest.token]) {
      const res = await t.http.as(token).get(`/v1/subdomains/${subdomain}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ object: 'subdomain', subdomain, target: { type: 'organization', organization: organization.id }, isActive: false });
    }
    const { site } = await createSiteWithSpaces(t, members.admin.token, organization.id, 1);
    await admin.post(`/v1/orgs/${organization.id}/sites/${site.id}/publish`);
    expect((await admin.get(`/v1/subdomains/${subdomain}`)).body.isActive).toBe(true);
  });

  it('is a 404 for outsiders, other organizations and a subdomain nobody has; 401 without a token', async () => {
    const { subdomain } = await setup();
    const outsider = await createUser(t);
    const other = await createOrganization(t);
    for (const token of [outsider.token, other.members.admin.token]) {
      const res = await t.http.as(token).get(`/v1/subdomains/${subdomain}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(`No organization of yours has the subdomain ${subdomain}.`);
    }
    expect((await t.http.as(other.members.admin.token).get('/v1/subdomains/nobody-has-it')).status).toBe(404);
    expect((await t.http.as(undefined).get(`/v1/subdomains/${subdomain}`)).status).toBe(401);
  });

  it.each(['ab', 'a'.repeat(33), 'Acme', '-acme', 'acme-', 'ac_me', 'ac.me'])('refuses the subdomain %j with 400', async (subdomain) => {
    const { admin, organization } = await setup();
    const res = await admin.get(`/v1/subdomains/${encodeURIComponent(subdomain)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^subdomain must be/);
    const patch = await admin.patch(`/v1/orgs/${organization.id}`, { subdomain });
    expect(patch.status).toBe(400);
    expect(patch.body.error.message).toMatch(/subdomain must be/);
  });

  it('is unique across the installation (409), removed with null, and only admins set it', async () => {
    const first = await setup();
    const second = await setup();
    const clash = await second.admin.patch(`/v1/orgs/${second.organization.id}`, { subdomain: first.subdomain });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe('Another organization already uses this subdomain.');
    expect((await t.http.as(first.members.reader.token).patch(`/v1/orgs/${first.organization.id}`, { subdomain: 'taken-over' })).status).toBe(403);
    expect((await first.admin.patch(`/v1/orgs/${first.organization.id}`, { subdomain: null })).status).toBe(200);
    expect((await first.admin.get(`/v1/subdomains/${first.subdomain}`)).status).toBe(404);
    expect((await second.admin.patch(`/v1/orgs/${second.organization.id}`, { subdomain: first.subdomain })).status).toBe(200);
    expect((await second.admin.get(`/v1/subdomains/${first.subdomain}`)).body.target.organization).toBe(second.organization.id);
  });

  it("resolves published URLs under the subdomain to the organization's sites", async () => {
    const { organization, members, subdomain, admin } = await setup();
    const { site, spaces } = await createSiteWithSpaces(t, members.admin.token, organization.id, 1);
    const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
    await admin.patch(base, { basename: 'handbook' });
    await admin.post(`/v1/spaces/${spaces[0].id}/content/pages`, { title: 'Install', markdown: 'Run it.' });
    await admin.post(`${base}/publish`);
    const res = await admin.get('/v1/urls/published', { query: { url: `https://${subdomain}.docs.test/handbook/install` } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ organization: organization.id, site: site.id, pathname: 'install', siteBasePath: '/handbook/', canonicalUrl: `http://docs.test/sites/${organization.id}/handbook/install` });
    expect((await admin.get('/v1/urls/published', { query: { url: `https://${subdomain}.docs.test/another/install` } })).status).toBe(404);
  });
});
