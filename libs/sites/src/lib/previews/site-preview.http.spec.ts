import { ContentModule } from '@docs/content';
import { createSpace, setDefaultLevel } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSection, createSite, createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';
import { SITE_PREVIEW_TTL_SECONDS, SitePreviewGrants } from './site-preview-grants';

/** `GET .../publishing/preview` (reference `getSitePublishingPreviewById`): a signed URL of the site server, for an hour. */
describe('GET /v1/orgs/{organizationId}/sites/{siteId}/publishing/preview', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  /** The grant a preview URL carries (checked as the site server does). */
  const grantOf = (url: string) => {
    const prefix = 'http://docs.test/~site/preview/';
    expect(url.startsWith(prefix)).toBe(true);
    return t.get(SitePreviewGrants).verify(url.slice(prefix.length), Math.floor(t.clock.now().getTime() / 1000));
  };

  it('answers a URL of the default site space, for any reader of the site, published or not, valid for one hour', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const { site, spaces } = await createSiteWithSpaces(t, members.admin.token, organization.id, 2);
    const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
    const siteSpaces = (await t.http.as(members.admin.token).get(`${base}/site-spaces`)).body.items;
    const res = await t.http.as(members.reader.token).get(`${base}/publishing/preview`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['url']);
    expect(grantOf(res.body.url)).toEqual({ site: site.id, siteSpace: siteSpaces[0].id, expires: Math.floor(t.clock.now().getTime() / 1000) + SITE_PREVIEW_TTL_SECONDS });

    const second = await t.http.as(members.reader.token).get(`${base}/publishing/preview`, { query: { siteSpace: siteSpaces[1].id } });
    expect(grantOf(second.body.url)?.siteSpace).toBe(siteSpaces[1].id);
    expect(siteSpaces.map((s: any) => s.space.id)).toEqual(spaces.map((s) => s.id));

    // An hour later the token no longer opens anything.
    t.clock.advance((SITE_PREVIEW_TTL_SECONDS + 1) * 1000);
    expect(grantOf(res.body.url)).toBeUndefined();
  });

  it('takes the default site space of the default section in a site with sections', async () => {
    const { organization, members } = await createOrganization(t);
    const { site, spaces } = await createSiteWithSpaces(t, members.admin.token, organization.id, 1);
    const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
    const other = await createSpace(t, members.admin.token, organization.id, { title: 'Guides' });
    const first = await createSection(t, members.admin.token, base, spaces[0].id);
    const second = await createSection(t, members.admin.token, base, other.id);
    await t.http.as(members.admin.token).patch(base, { defaultSiteSection: second.id });
    const res = await t.http.as(members.admin.token).get(`${base}/publishing/preview`);
    expect(grantOf(res.body.url)?.siteSpace).toBe(second.siteSpaces[0].id);
    expect(first.siteSpaces).toHaveLength(2);
  });

  it('refuses what the caller may not see, the reference’s claims, and a site with nothing to preview', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read', guest: null });
    const { site, spaces } = await createSiteWithSpaces(t, members.admin.token, organization.id, 2);
    const base = `/v1/orgs/${organization.id}/sites/${site.id}`;
    const siteSpaces = (await t.http.as(members.admin.token).get(`${base}/site-spaces`)).body.items;
    await setDefaultLevel(t, members.admin.token, { object: 'space', id: spaces[1].id }, null);

    const hidden = await t.http.as(members.reader.token).get(`${base}/publishing/preview`, { query: { siteSpace: siteSpaces[1].id } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toContain('siteSpace');
    expect((await t.http.as(members.admin.token).get(`${base}/publishing/preview`, { query: { siteSpace: siteSpaces[1].id } })).status).toBe(200);
    expect((await t.http.as(members.guest.token).get(`${base}/publishing/preview`)).status).toBe(404);

    const claims = await t.http.as(members.admin.token).get(`${base}/publishing/preview`, { query: { claims: '(plan:pro)' } });
    expect(claims.status).toBe(400);
    expect(claims.body.error.message).toContain('claims');

    const empty = await createSite(t, members.admin.token, organization.id);
    const none = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/sites/${empty.id}/publishing/preview`);
    expect(none.status).toBe(409);
  });

  it('says that previews of change requests need the change requests of the api (a server without them)', async () => {
    const { organization, members } = await createOrganization(t);
    const { site } = await createSiteWithSpaces(t, members.admin.token, organization.id, 1);
    const res = await t.http.as(members.admin.token).get(`/v1/orgs/${organization.id}/sites/${site.id}/publishing/preview`, { query: { changeRequest: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('changeRequest');
  });
});

describe('SitePreviewGrants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
  });
  afterAll(() => t.close());

  it('opens only its own tokens, unchanged and unexpired', () => {
    const grants = t.get(SitePreviewGrants);
    const token = grants.issue({ site: 'site1', siteSpace: 'space1', changeRequest: 'cr1', expires: 2000 });
    expect(grants.verify(token, 2000)).toEqual({ site: 'site1', siteSpace: 'space1', changeRequest: 'cr1', expires: 2000 });
    expect(grants.verify(token, 2001)).toBeUndefined();
    const [site, siteSpace, changeRequest, expires, signature] = token.split('.');
    expect(grants.verify([site, siteSpace, 'cr2', expires, signature].join('.'), 1000)).toBeUndefined();
    expect(grants.verify([site, siteSpace, changeRequest, '9999', signature].join('.'), 1000)).toBeUndefined();
    expect(grants.verify([site, siteSpace, changeRequest, expires, signature.slice(1)].join('.'), 1000)).toBeUndefined();
    expect(grants.verify(`${token}.x`, 1000)).toBeUndefined();
    expect(grants.verify('', 1000)).toBeUndefined();
    expect(grants.verify(grants.issue({ site: 'a', siteSpace: 'b', expires: 5 }), 5)).toEqual({ site: 'a', siteSpace: 'b', expires: 5 });
    expect(() => grants.issue({ site: 'a/b', siteSpace: 'b', expires: 5 })).toThrow();
  });
});
