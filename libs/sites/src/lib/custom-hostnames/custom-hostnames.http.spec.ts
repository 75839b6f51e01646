import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';
import { SystemDnsAnswers } from './hostname-dns';

/** A DNS error as node:dns raises it. */
const dnsError = (code: string) => Object.assign(new Error(`query failed: ${code}`), { code });

describe('custom hostnames (getCustomHostname, dnsRevalidateCustomHostname, removeCustomHostname)', () => {
  let t: TestApp;
  /** What the fake DNS answers: CNAMEs and addresses by name (PUBLISHED_URL's host is `docs.test` in tests). */
  let zone: { cname: Record<string, string[] | string>; addresses: Record<string, string[] | string> };

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
    const answers = t.get(SystemDnsAnswers);
    const answer = (records: string[] | string | undefined) => (typeof records === 'string' ? Promise.reject(dnsError(records)) : records ? Promise.resolve(records) : Promise.reject(dnsError('ENOTFOUND')));
    jest.spyOn(answers, 'cname').mockImplementation((name) => answer(zone.cname[name] ?? 'ENODATA'));
    jest.spyOn(answers, 'addresses').mockImplementation((name) => answer(zone.addresses[name]));
  });
  beforeEach(() => {
    zone = { cname: {}, addresses: { 'docs.test': ['127.0.0.1'] } };
  });
  afterAll(() => t.close());

  const setup = async (hostname: string) => {
    const org = await createOrganization(t, { editor: 'edit', guest: null });
    const { site } = await createSiteWithSpaces(t, org.members.admin.token, org.organization.id, 1);
    const base = `/v1/orgs/${org.organization.id}/sites/${site.id}`;
    expect((await t.http.as(org.members.admin.token).patch(base, { hostname })).status).toBe(200);
    return { ...org, site, base, admin: t.http.as(org.members.admin.token) };
  };

  it('shows a CNAME to the published host as dns_passed, the site as its target, active once published', async () => {
    const { admin, site, base } = await setup('docs.cname-ok.example');
    zone.cname['docs.cname-ok.example'] = ['docs.test.'];
    const res = await admin.get('/v1/custom-hostnames/docs.cname-ok.example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: 'custom-hostname',
      hostname: 'docs.cname-ok.example',
      target: { type: 'site', site: site.id },
      isActive: false,
      status: 'dns_passed',
      urls: { location: `${t.config.urls.api}/v1/custom-hostnames/docs.cname-ok.example` },
    });
    await admin.post(`${base}/publish`, {});
    expect((await admin.get('/v1/custom-hostnames/docs.cname-ok.example')).body.isActive).toBe(true);
  });

  it('tells a wrong CNAME, no record, other addresses, the same addresses (an apex) and a failing resolver apart', async () => {
    const { admin } = await setup('docs.checks.example');
    const path = '/v1/custom-hostnames/docs.checks.example';
    const statusAfterCheck = async () => {
      expect((await admin.patch(path)).status).toBe(204);
      return (await admin.get(path)).body.status;
    };
    zone.cname['docs.checks.example'] = ['elsewhere.example.net'];
    expect(await statusAfterCheck()).toBe('dns_wrong_cname');
    delete zone.cname['docs.checks.example'];
    expect(await statusAfterCheck()).toBe('dns_no_cname');
    zone.addresses['docs.checks.example'] = ['203.0.113.9'];
    expect(await statusAfterCheck()).toBe('dns_wrong_cname');
    zone.addresses['docs.checks.example'] = ['127.0.0.1'];
    expect(await statusAfterCheck()).toBe('dns_passed');
    zone.cname['docs.checks.example'] = 'ESERVFAIL';
    expect(await statusAfterCheck()).toBe('internal_error');
  });

  it('keeps the last check for GET until PATCH checks again', async () => {
    const { admin } = await setup('docs.kept.example');
    const path = '/v1/custom-hostnames/docs.kept.example';
    expect((await admin.get(path)).body.status).toBe('dns_no_cname');
    zone.cname['docs.kept.example'] = ['DOCS.test'];
    expect((await admin.get(path)).body.status).toBe('dns_no_cname');
    expect((await admin.patch(path)).status).toBe(204);
    expect((await admin.get(path)).body.status).toBe('dns_passed');
  });

  it('removes the hostname from its site (205), after which it is unknown', async () => {
    const { admin, base } = await setup('docs.removed.example');
    const res = await admin.delete('/v1/custom-hostnames/docs.removed.example');
    expect(res.status).toBe(205);
    expect((await admin.get(base)).body.hostname).toBeUndefined();
    expect((await admin.get('/v1/custom-hostnames/docs.removed.example')).status).toBe(404);
    expect((await admin.delete('/v1/custom-hostnames/docs.removed.example')).status).toBe(404);
  });

  it('is for admins of the organization: 403 below admin, 404 for guests, outsiders and unknown hostnames, 401 without a token', async () => {
    const { members, base } = await setup('docs.private.example');
    const outsider = await createUser(t);
    const other = await createOrganization(t);
    const path = '/v1/custom-hostnames/docs.private.example';
    for (const method of ['get', 'patch', 'delete'] as const) {
      expect((await t.http.as(members.editor.token)[method](path)).status).toBe(403);
      for (const token of [members.guest.token, outsider.token, other.members.admin.token]) {
        const res = await t.http.as(token)[method](path);
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe('No site of yours has the custom hostname docs.private.example.');
      }
      expect((await t.http.as(members.admin.token)[method]('/v1/custom-hostnames/docs.nobody.example')).status).toBe(404);
      expect((await t.http.as(undefined)[method](path)).status).toBe(401);
    }
    // Nothing was removed by those who may not.
    expect((await t.http.as(members.admin.token).get(base)).body.hostname).toBe('docs.private.example');
  });

  it.each(['localhost', 'Docs.Example.com', 'docs..example.com', '-docs.example.com', 'docs.example.com.', `${'a'.repeat(64)}.example.com`])('refuses the hostname %j with 400', async (hostname) => {
    const { admin } = await setup(`docs.bad${Math.random().toString(36).slice(2, 8)}.example`);
    for (const method of ['get', 'patch', 'delete'] as const) {
      const res = await admin[method](`/v1/custom-hostnames/${encodeURIComponent(hostname)}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^hostname must be/);
    }
  });
});
