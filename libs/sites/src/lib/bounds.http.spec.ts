import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSection, createSiteWithSpaces } from '../testing/site-fixtures';
import { SitesModule } from './sites.module';

/** The upper and lower bounds of spec section 8 are accepted (their refusals are tested beside each operation). */
describe('sites: the bounds of section 8 are accepted', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  it('site title, basename, hostname and proxy at their limits', async () => {
    const { organization, members } = await createOrganization(t);
    const { site } = await createSiteWithSpaces(t, members.admin.token, organization.id, 1, { title: 't'.repeat(128) });
    const path = `/v1/orgs/${organization.id}/sites/${site.id}`;
    const hostname = [...Array<string>(7).fill('a'.repeat(63)), 'b'.repeat(61), 'io'].join('.');
    expect(hostname).toHaveLength(512);
    const proxy = `example.com/${'d'.repeat(500)}`;
    expect(proxy).toHaveLength(512);
    const res = await t.http.as(members.admin.token).patch(path, { title: 'ab', basename: 'b'.repeat(100), hostname, proxy });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'ab', basename: 'b'.repeat(100), hostname, proxy: { origin: proxy } });
    expect((await t.http.as(members.admin.token).patch(path, { basename: 'b' })).status).toBe(200);
  });

  it('section title, description, path, icon and condition; group title and icon; site space path; share link name', async () => {
    const { organization, members } = await createOrganization(t);
    const token = members.admin.token;
    const { site } = await createSiteWithSpaces(t, token, organization.id, 0);
    const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
    const space = await createSpace(t, token, organization.id);
    const short = await createSection(t, token, base, space.id, { title: 'ab', icon: 'i'.repeat(50) });
    const long = await createSection(t, token, base, space.id, { title: 's'.repeat(128) });
    expect(short).toMatchObject({ title: 'ab', icon: 'i'.repeat(50) });
    expect(long.title).toHaveLength(128);
    const condition = `true${' '.repeat(1020)}`;
    const patched = await t.http.as(token).patch(`${base}/sections/${short.id}`, { description: 'd'.repeat(256), path: 'p'.repeat(100), condition });
    expect(patched.status).toBe(200);
    expect((await t.http.as(token).patch(`${base}/sections/${short.id}`, { description: '', path: 'p', condition: '1' })).status).toBe(200);
    const siteSpace = short.siteSpaces[0].id;
    expect((await t.http.as(token).patch(`${base}/site-spaces/${siteSpace}`, { path: 'q'.repeat(100), condition })).status).toBe(200);
    expect((await t.http.as(token).patch(`${base}/site-spaces/${siteSpace}`, { path: 'q' })).status).toBe(200);
    for (const title of ['g', 'g'.repeat(100)]) {
      expect((await t.http.as(token).post(`${base}/section-groups`, { title, icon: 'i'.repeat(50) })).status).toBe(201);
    }
    for (const name of ['', 'n'.repeat(50)]) {
      const link = await t.http.as(token).post(`${base}/share-links`, { name });
      expect(link.status).toBe(201);
      expect(link.body.name).toBe(name);
    }
  });
});
