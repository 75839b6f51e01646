import { Global, Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { createSpace, setDefaultLevel } from '@docs/content/testing';
import { Caller, IdentityModule } from '@docs/identity';
import { addMember, createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import { integrationName, publishIntegration } from '../../testing';
import { IntegrationsModule } from '../integrations.module';
import { SiteDirectory, SiteRef } from './site-directory';

/** Sites are libs/sites'; here a map stands in for them behind the same abstract class. */
class MapSiteDirectory extends SiteDirectory {
  readonly sites = new Map<string, SiteRef>();
  readonly presented: { siteIds: string[]; caller: Caller }[] = [];

  add(organizationId: string, title = 'A site'): SiteRef {
    const site = { id: `site-${this.sites.size + 1}-${Math.random().toString(36).slice(2, 8)}`, organizationId, title };
    this.sites.set(site.id, site);
    return site;
  }

  async findSite(organizationId: string, siteId: string): Promise<SiteRef | null> {
    const site = this.sites.get(siteId);
    return site && site.organizationId === organizationId ? site : null;
  }

  async presentSites(organizationId: string, siteIds: string[], caller: Caller): Promise<Map<string, object>> {
    this.presented.push({ siteIds, caller });
    const out = new Map<string, object>();
    for (const id of siteIds) {
      const site = this.sites.get(id);
      if (!site || site.organizationId !== organizationId) continue;
      out.set(id, {
        object: 'site',
        id,
        type: 'basic',
        title: site.title,
        visibility: 'public',
        published: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        siteSpaces: 0,
        features: [],
        agentsContext: 'included',
        urls: { location: `${TEST_PUBLIC_URL}/v1/orgs/${organizationId}/sites/${id}`, app: `http://app.test/o/${organizationId}/sites/${id}` },
      });
    }
    return out;
  }
}

const directory = new MapSiteDirectory();

@Global()
@Module({ providers: [{ provide: SiteDirectory, useValue: directory }], exports: [SiteDirectory] })
class TestSitesModule {}

const ACCOUNT_CONFIGURATION = { properties: { token: { type: 'string' }, region: { type: 'string', enum: ['eu', 'us'], default: 'eu' } }, required: ['token'] };
const SPACE_CONFIGURATION = { properties: { channel: { type: 'string' }, notify: { type: 'boolean', default: true } }, required: ['channel'] };
const SITE_CONFIGURATION = { properties: { trackingId: { type: 'string' } }, required: ['trackingId'] };

describe('installations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      imports: [IdentityModule, ContentModule, TestSitesModule, IntegrationsModule],
    });
  });
  afterAll(() => t.close());

  /** A public integration of a publisher organization, with configurations at every level. */
  async function published(overrides: Record<string, unknown> = {}) {
    const publisher = await createOrganization(t);
    const name = integrationName();
    await publishIntegration(
      t,
      publisher.members.admin.token,
      publisher.organization.id,
      { visibility: 'public', configurations: { account: ACCOUNT_CONFIGURATION, space: SPACE_CONFIGURATION, site: SITE_CONFIGURATION }, ...overrides },
      name,
    );
    return { publisher, name };
  }

  async function installed(overrides: Record<string, unknown> = {}) {
    const { publisher, name } = await published(overrides);
    const customer = await createOrganization(t, { reader: 'read', guest: null });
    const res = await t.http.as(customer.members.admin.token).post(`/v1/integrations/${name}/installations`, {
      organization: customer.organization.id,
      configuration: { token: 't' },
    });
    if (res.status !== 201) throw new Error(`install -> ${res.status}: ${res.text}`);
    return { publisher, name, customer, installation: res.body, base: `/v1/integrations/${name}/installations/${res.body.id}` };
  }

  describe('POST /v1/integrations/{integrationName}/installations', () => {
    it('installs on an organization (admins), checking and completing the configuration', async () => {
      const { name } = await published();
      const customer = await createOrganization(t);
      const res = await t.http.as(customer.members.admin.token).post(`/v1/integrations/${name}/installations`, {
        organization: customer.organization.id,
        configuration: { token: 'abc' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        status: 'active',
        space_selection: 'selected',
        site_selection: 'selected',
        spaces: 0,
        configuration: { token: 'abc', region: 'eu' },
        externalIds: [],
        target: { organization: customer.organization.id },
        createdAt: t.clock.now().toISOString(),
        urls: {
          location: `${TEST_PUBLIC_URL}/v1/integrations/${name}/installations/${res.body.id}`,
          app: `http://app.test/o/${customer.organization.id}/integrations/${name}`,
          publicEndpoint: `${TEST_PUBLIC_URL}/integrations/${name}/installations/${res.body.id}/endpoint`,
        },
      });
      expect(res.headers.location).toBe(res.body.urls.location);
      const again = await t.http.as(customer.members.admin.token).post(`/v1/integrations/${name}/installations`, {
        organization: customer.organization.id,
        configuration: { token: 'abc' },
      });
      expect(again.status).toBe(409);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no organization', { organization: undefined, configuration: { token: 'x' } }, 'organization is required'],
      ['a missing required property', { configuration: {} }, "configuration must have required property 'token'"],
      ['no configuration where one is required', {}, "configuration must have required property 'token'"],
      ['a value outside the enum', { configuration: { token: 'x', region: 'mars' } }, 'configuration.region must be one of eu, us'],
      ['a value of the wrong type', { configuration: { token: 1 } }, 'configuration.token must be string'],
      ['an undeclared property', { configuration: { token: 'x', other: 1 } }, 'property configuration.other should not exist'],
      ['a null configuration', { configuration: null }, 'configuration must not be null'],
      ['an unknown field', { configuration: { token: 'x' }, space: 'y' }, 'property space should not exist'],
    ])('refuses %s with 400 and installs nothing', async (_label, body, message) => {
      const { name } = await published();
      const customer = await createOrganization(t);
      const res = await t.http.as(customer.members.admin.token).post(`/v1/integrations/${name}/installations`, {
        organization: customer.organization.id,
        ...body,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(customer.members.admin.token).get(`/v1/integrations/${name}/installations`)).body.count).toBe(0);
    });

    it('takes only an empty configuration when the integration declares none', async () => {
      const { name } = await published({ configurations: {} });
      const customer = await createOrganization(t);
      const path = `/v1/integrations/${name}/installations`;
      const refused = await t.http.as(customer.members.admin.token).post(path, { organization: customer.organization.id, configuration: { a: 1 } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain('configuration must be empty');
      expect((await t.http.as(customer.members.admin.token).post(path, { organization: customer.organization.id })).status).toBe(201);
    });

    it('needs the admin role there (403), membership (404), a visible integration (404) and a token (401)', async () => {
      const { publisher, name } = await published();
      const customer = await createOrganization(t, { editor: 'edit' });
      const outsider = await createUser(t);
      const path = `/v1/integrations/${name}/installations`;
      const body = { organization: customer.organization.id, configuration: { token: 'x' } };
      expect((await t.http.as(customer.members.editor.token).post(path, body)).status).toBe(403);
      expect((await t.http.as(outsider.token).post(path, body)).status).toBe(404);
      expect((await t.http.as(undefined).post(path, body)).status).toBe(401);
      expect((await t.http.as(customer.members.admin.token).post(`/v1/integrations/${integrationName()}/installations`, body)).status).toBe(404);

      const privateName = integrationName();
      await publishIntegration(t, publisher.members.admin.token, publisher.organization.id, { visibility: 'private' }, privateName);
      expect((await t.http.as(customer.members.admin.token).post(`/v1/integrations/${privateName}/installations`, body)).status).toBe(404);
      // An admin of both organizations sees the private integration but may install it only in its own organization.
      await addMember(t, customer.organization.id, publisher.members.admin, 'admin');
      expect((await t.http.as(publisher.members.admin.token).post(`/v1/integrations/${privateName}/installations`, body)).status).toBe(403);
      const own = await t.http.as(publisher.members.admin.token).post(`/v1/integrations/${privateName}/installations`, { organization: publisher.organization.id });
      expect(own.status).toBe(201);
    });
  });

  describe('list, get, update, uninstall', () => {
    it('shows installations to members of their organization and to admins of the publisher, 404 to others', async () => {
      const { publisher, name, customer, installation, base } = await installed();
      const second = await createOrganization(t);
      await t.http.as(second.members.admin.token).post(`/v1/integrations/${name}/installations`, { organization: second.organization.id, configuration: { token: 'y' } });
      const ids = async (token: string) => (await t.http.as(token).all(`/v1/integrations/${name}/installations`)).map((i: any) => i.target.organization).sort();

      expect(await ids(customer.members.reader.token)).toEqual([customer.organization.id]);
      expect(await ids(second.members.admin.token)).toEqual([second.organization.id]);
      expect(await ids(publisher.members.admin.token)).toEqual([customer.organization.id, second.organization.id].sort());
      expect(await ids(customer.members.guest.token)).toEqual([]);

      expect((await t.http.as(customer.members.reader.token).get(base)).status).toBe(200);
      expect((await t.http.as(publisher.members.admin.token).get(base)).status).toBe(200);
      expect((await t.http.as(second.members.admin.token).get(base)).status).toBe(404);
      expect((await t.http.as(customer.members.guest.token).get(base)).status).toBe(404);
      expect((await t.http.as(customer.members.admin.token).get(`/v1/integrations/${name}/installations/nope`)).status).toBe(404);
      const otherIntegration = await published();
      expect((await t.http.as(customer.members.admin.token).get(`/v1/integrations/${otherIntegration.name}/installations/${installation.id}`)).status).toBe(404);
    });

    it('filters by externalId, pages newest first, and checks its bounds', async () => {
      const { publisher, name } = await published();
      const created: string[] = [];
      for (let i = 0; i < 3; i++) {
        t.clock.advance(10);
        const org = await createOrganization(t);
        const res = await t.http.as(org.members.admin.token).post(`/v1/integrations/${name}/installations`, { organization: org.organization.id, configuration: { token: 'x' } });
        created.push(res.body.id);
        await t.http.as(org.members.admin.token).patch(`/v1/integrations/${name}/installations/${res.body.id}`, { externalIds: [`ext-${i}`, 'shared'] });
      }
      const as = t.http.as(publisher.members.admin.token);
      const path = `/v1/integrations/${name}/installations`;
      expect((await as.all(path)).map((i: any) => i.id)).toEqual([...created].reverse());
      expect((await as.all(path, { externalId: 'ext-1' })).map((i: any) => i.id)).toEqual([created[1]]);
      expect((await as.all(path, { externalId: 'shared' })).length).toBe(3);
      expect((await as.all(path, { externalId: 'none' })).length).toBe(0);
      const first = await as.get(path, { query: { limit: 2 } });
      expect(first.body.items.map((i: any) => i.id)).toEqual([created[2], created[1]]);
      expect((await as.get(path, { query: { limit: 2, page: first.body.next.page } })).body.items.map((i: any) => i.id)).toEqual([created[0]]);
      expect((await as.get(path, { query: { limit: 2, externalId: 'shared', page: first.body.next.page } })).status).toBe(400);
      expect((await as.get(path, { query: { limit: 1001 } })).status).toBe(400);
      expect((await as.get(path, { query: { externalId: 'x'.repeat(257) } })).status).toBe(400);
      expect((await as.get(`/v1/integrations/bad%20name/installations`)).status).toBe(400);
    });

    it('updates configuration, external ids and selections (admins of its organization)', async () => {
      const { publisher, customer, base } = await installed();
      t.clock.advance(1000);
      const res = await t.http.as(customer.members.admin.token).patch(base, {
        configuration: { token: 'new', region: 'us' },
        externalIds: ['a', 'b', 'a'],
        space_selection: 'all',
        site_selection: 'all',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        configuration: { token: 'new', region: 'us' },
        externalIds: ['a', 'b'],
        space_selection: 'all',
        site_selection: 'all',
        updatedAt: t.clock.now().toISOString(),
      });
      expect((await t.http.as(customer.members.admin.token).patch(base, {})).body.configuration).toEqual({ token: 'new', region: 'us' });
      expect((await t.http.as(customer.members.admin.token).get(base)).body.externalIds).toEqual(['a', 'b']);
      expect((await t.http.as(customer.members.reader.token).patch(base, { externalIds: [] })).status).toBe(403);
      expect((await t.http.as(publisher.members.admin.token).patch(base, { externalIds: [] })).status).toBe(403);
      expect((await t.http.as(customer.members.guest.token).patch(base, { externalIds: [] })).status).toBe(404);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['6 external ids', { externalIds: ['1', '2', '3', '4', '5', '6'] }, 'externalIds must contain no more than 5 elements'],
      ['a null external ids', { externalIds: null }, 'externalIds must not be null'],
      ['an empty external id', { externalIds: [''] }, 'each value in externalIds must be longer than or equal to 1 characters'],
      ['a null configuration', { configuration: null }, 'configuration must not be null'],
      ['an invalid configuration', { configuration: { region: 'eu' } }, "configuration must have required property 'token'"],
      ['an unknown selection', { space_selection: 'some' }, 'space_selection must be one of'],
      ['a null selection', { site_selection: null }, 'site_selection must not be null'],
      ['an unknown field', { status: 'paused' }, 'property status should not exist'],
    ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
      const { customer, base } = await installed();
      const res = await t.http.as(customer.members.admin.token).patch(base, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(customer.members.admin.token).get(base)).body).toMatchObject({ configuration: { token: 't', region: 'eu' }, externalIds: [], space_selection: 'selected' });
    });

    it('uninstalls (admins of its organization), with its space and site installations', async () => {
      const { publisher, customer, base } = await installed();
      const space = await createSpace(t, customer.members.admin.token, customer.organization.id);
      const site = directory.add(customer.organization.id);
      expect((await t.http.as(customer.members.admin.token).post(`${base}/spaces`, { space: space.id, configuration: { channel: 'c' } })).status).toBe(201);
      expect((await t.http.as(customer.members.admin.token).post(`${base}/sites`, { siteId: site.id, configuration: { trackingId: 'x' } })).status).toBe(201);
      expect((await t.http.as(customer.members.reader.token).delete(base)).status).toBe(403);
      expect((await t.http.as(publisher.members.admin.token).delete(base)).status).toBe(403);
      expect((await t.http.as(customer.members.admin.token).delete(base)).status).toBe(204);
      expect((await t.http.as(customer.members.admin.token).get(base)).status).toBe(404);
      expect((await t.http.as(customer.members.admin.token).delete(base)).status).toBe(404);
      const left = await t.dataSource.query(
        `SELECT (SELECT count(*) FROM integration_space_installations WHERE space_id = $1)::int AS spaces,
                (SELECT count(*) FROM integration_site_installations WHERE site_id = $2)::int AS sites`,
        [space.id, site.id],
      );
      expect(left[0]).toEqual({ spaces: 0, sites: 0 });
    });

    it('keeps the integration published while installed, unless unpublished with removeInstallations=true', async () => {
      const { publisher, name, customer, base } = await installed();
      const space = await createSpace(t, customer.members.admin.token, customer.organization.id);
      await t.http.as(customer.members.admin.token).post(`${base}/spaces`, { space: space.id, configuration: { channel: 'c' } });
      const refused = await t.http.as(publisher.members.admin.token).delete(`/v1/integrations/${name}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toContain(customer.organization.id);
      expect(refused.body.error.message).toContain('removeInstallations=true');
      expect((await t.http.as(customer.members.admin.token).get(base)).status).toBe(200);
      const bad = await t.http.as(publisher.members.admin.token).delete(`/v1/integrations/${name}`, { query: { removeInstallations: 'yes' } });
      expect(bad.status).toBe(400);
      expect((await t.http.as(publisher.members.admin.token).delete(`/v1/integrations/${name}`, { query: { removeInstallations: true } })).status).toBe(204);
      expect((await t.http.as(customer.members.admin.token).get(base)).status).toBe(404);
      const left = await t.dataSource.query(`SELECT count(*)::int AS n FROM integration_installations WHERE integration_name = $1`, [name]);
      expect(left[0].n).toBe(0);
    });
  });

  describe('space installations', () => {
    it('turns an installation on for a space, by id or as the Space (extended), and counts it', async () => {
      const { customer, name, base, installation } = await installed();
      const space = await createSpace(t, customer.members.admin.token, customer.organization.id, { title: 'Docs' });
      const res = await t.http.as(customer.members.admin.token).post(`${base}/spaces`, { space: space.id, configuration: { channel: '#docs' } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        integration: name,
        installation: installation.id,
        status: 'active',
        configuration: { channel: '#docs', notify: true },
        externalIds: [],
        space: space.id,
        urls: {
          location: `${TEST_PUBLIC_URL}${base}/spaces/${space.id}`,
          publicEndpoint: `${TEST_PUBLIC_URL}/integrations/${name}/installations/${installation.id}/spaces/${space.id}/endpoint`,
        },
      });
      expect(res.headers.location).toBe(res.body.urls.location);
      expect((await t.http.as(customer.members.admin.token).get(base)).body.spaces).toBe(1);
      const extended = await t.http.as(customer.members.reader.token).get(`${base}/spaces/${space.id}`, { query: { extended: true } });
      expect(extended.status).toBe(200);
      expect(extended.body.space).toMatchObject({ object: 'space', id: space.id, title: 'Docs', permissions: { admin: false, view: true } });
      const listed = await t.http.as(customer.members.reader.token).get(`${base}/spaces`, { query: { extended: true } });
      expect(listed.body.items.map((i: any) => i.space.id)).toEqual([space.id]);
      expect((await t.http.as(customer.members.reader.token).get(`${base}/spaces`)).body.items.map((i: any) => i.space)).toEqual([space.id]);
      expect((await t.http.as(customer.members.admin.token).post(`${base}/spaces`, { space: space.id, configuration: { channel: 'x' } })).status).toBe(409);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no space', { space: undefined, configuration: { channel: 'c' } }, 'space is required'],
      ['a missing required property', { configuration: {} }, "configuration must have required property 'channel'"],
      ['a value of the wrong type', { configuration: { channel: 'c', notify: 'yes' } }, 'configuration.notify must be boolean'],
      ['an unknown field', { configuration: { channel: 'c' }, siteId: 'x' }, 'property siteId should not exist'],
    ])('refuses %s with 400', async (_label, body, message) => {
      const { customer, base } = await installed();
      const space = await createSpace(t, customer.members.admin.token, customer.organization.id);
      const res = await t.http.as(customer.members.admin.token).post(`${base}/spaces`, { space: space.id, ...body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.http.as(customer.members.admin.token).get(`${base}/spaces`)).body.count).toBe(0);
    });

    it('refuses integrations whose target excludes spaces (400), spaces of other organizations (404), non-admins (403)', async () => {
      const siteOnly = await installed({ target: 'site' });
      const space = await createSpace(t, siteOnly.customer.members.admin.token, siteOnly.customer.organization.id);
      const refused = await t.http.as(siteOnly.customer.members.admin.token).post(`${siteOnly.base}/spaces`, { space: space.id, configuration: { channel: 'c' } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain('cannot be installed on spaces');

      const { customer, base } = await installed();
      const elsewhere = await createOrganization(t);
      await addMember(t, elsewhere.organization.id, customer.members.admin, 'admin');
      const foreign = await createSpace(t, customer.members.admin.token, elsewhere.organization.id);
      expect((await t.http.as(customer.members.admin.token).post(`${base}/spaces`, { space: foreign.id, configuration: { channel: 'c' } })).status).toBe(404);
      expect((await t.http.as(customer.members.admin.token).post(`${base}/spaces`, { space: 'unknown', configuration: { channel: 'c' } })).status).toBe(404);
      const own = await createSpace(t, customer.members.admin.token, customer.organization.id);
      expect((await t.http.as(customer.members.reader.token).post(`${base}/spaces`, { space: own.id, configuration: { channel: 'c' } })).status).toBe(403);
      expect((await t.http.as(elsewhere.members.admin.token).post(`${base}/spaces`, { space: own.id, configuration: { channel: 'c' } })).status).toBe(404);
    });

    it('lists only live spaces the caller can see; updates and removes (admins)', async () => {
      const { customer, publisher, base } = await installed();
      const open = await createSpace(t, customer.members.admin.token, customer.organization.id, { title: 'Open' });
      t.clock.advance(10);
      const hidden = await createSpace(t, customer.members.admin.token, customer.organization.id, { title: 'Hidden' });
      t.clock.advance(10);
      const doomed = await createSpace(t, customer.members.admin.token, customer.organization.id, { title: 'Doomed' });
      for (const space of [open, hidden, doomed]) {
        t.clock.advance(10);
        await t.http.as(customer.members.admin.token).post(`${base}/spaces`, { space: space.id, configuration: { channel: space.title } });
      }
      await setDefaultLevel(t, customer.members.admin.token, { object: 'space', id: hidden.id }, null);
      expect((await t.http.as(customer.members.admin.token).delete(`/v1/spaces/${doomed.id}`)).status).toBe(205);

      const listed = async (token: string) => (await t.http.as(token).all(`${base}/spaces`)).map((i: any) => i.space);
      expect(await listed(customer.members.admin.token)).toEqual([hidden.id, open.id]);
      expect(await listed(customer.members.reader.token)).toEqual([open.id]);
      expect(await listed(publisher.members.admin.token)).toEqual([]);
      expect((await t.http.as(customer.members.reader.token).get(`${base}/spaces/${hidden.id}`)).status).toBe(404);
      expect((await t.http.as(customer.members.admin.token).get(`${base}/spaces/${doomed.id}`)).status).toBe(404);
      expect((await t.http.as(customer.members.admin.token).get(base)).body.spaces).toBe(2);
      const page = await t.http.as(customer.members.admin.token).get(`${base}/spaces`, { query: { limit: 1 } });
      expect(page.body).toMatchObject({ count: 2, items: [{ space: hidden.id }] });
      expect((await t.http.as(customer.members.admin.token).get(`${base}/spaces`, { query: { extended: 'maybe' } })).status).toBe(400);

      const updated = await t.http.as(customer.members.admin.token).patch(`${base}/spaces/${open.id}`, { configuration: { channel: 'new', notify: false }, externalIds: ['x'] });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ configuration: { channel: 'new', notify: false }, externalIds: ['x'] });
      expect((await t.http.as(customer.members.admin.token).patch(`${base}/spaces/${open.id}`, { configuration: { channel: 1 } })).status).toBe(400);
      expect((await t.http.as(customer.members.admin.token).patch(`${base}/spaces/${open.id}`, { externalIds: null })).status).toBe(400);
      expect((await t.http.as(customer.members.reader.token).patch(`${base}/spaces/${open.id}`, { externalIds: [] })).status).toBe(403);
      expect((await t.http.as(customer.members.reader.token).delete(`${base}/spaces/${open.id}`)).status).toBe(403);
      expect((await t.http.as(customer.members.admin.token).delete(`${base}/spaces/${open.id}`)).status).toBe(204);
      expect((await t.http.as(customer.members.admin.token).get(`${base}/spaces/${open.id}`)).status).toBe(404);
      expect((await t.http.as(customer.members.admin.token).delete(`${base}/spaces/${open.id}`)).status).toBe(404);
    });
  });

  describe('site installations (through SiteDirectory)', () => {
    it('turns an installation on for a site, by id or as the Site (extended)', async () => {
      const { customer, name, base, installation } = await installed();
      const site = directory.add(customer.organization.id, 'Docs site');
      const res = await t.http.as(customer.members.admin.token).post(`${base}/sites`, { siteId: site.id, configuration: { trackingId: 'UA-1' } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        integration: name,
        installation: installation.id,
        status: 'active',
        configuration: { trackingId: 'UA-1' },
        externalIds: [],
        site: site.id,
        urls: {
          location: `${TEST_PUBLIC_URL}${base}/sites/${site.id}`,
          publicEndpoint: `${TEST_PUBLIC_URL}/integrations/${name}/installations/${installation.id}/sites/${site.id}/endpoint`,
        },
      });
      expect(res.headers.location).toBe(res.body.urls.location);
      const extended = await t.http.as(customer.members.reader.token).get(`${base}/sites/${site.id}`, { query: { extended: true } });
      expect(extended.body.site).toMatchObject({ object: 'site', id: site.id, title: 'Docs site' });
      expect(directory.presented.at(-1)?.caller.userId).toBe(customer.members.reader.user.id);
      const listed = await t.http.as(customer.members.reader.token).get(`${base}/sites`, { query: { extended: true } });
      expect(listed.body.items.map((i: any) => i.site.title)).toEqual(['Docs site']);
      expect((await t.http.as(customer.members.reader.token).get(`${base}/sites`)).body.items.map((i: any) => i.site)).toEqual([site.id]);
      expect((await t.http.as(customer.members.admin.token).post(`${base}/sites`, { siteId: site.id, configuration: { trackingId: 'x' } })).status).toBe(409);
    });

    it('refuses unknown sites and other organizations’ sites (404), targets without sites and bad configurations (400), non-admins (403)', async () => {
      const { customer, base } = await installed();
      const foreign = directory.add((await createOrganization(t)).organization.id);
      expect((await t.http.as(customer.members.admin.token).post(`${base}/sites`, { siteId: foreign.id, configuration: { trackingId: 'x' } })).status).toBe(404);
      expect((await t.http.as(customer.members.admin.token).post(`${base}/sites`, { siteId: 'nope', configuration: { trackingId: 'x' } })).status).toBe(404);
      const site = directory.add(customer.organization.id);
      const invalid = await t.http.as(customer.members.admin.token).post(`${base}/sites`, { siteId: site.id, configuration: { trackingId: 1 } });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.message).toContain('configuration.trackingId must be string');
      expect((await t.http.as(customer.members.admin.token).post(`${base}/sites`, { siteId: site.id, configuration: {} })).status).toBe(400);
      expect((await t.http.as(customer.members.admin.token).post(`${base}/sites`, { site: site.id })).status).toBe(400);
      expect((await t.http.as(customer.members.reader.token).post(`${base}/sites`, { siteId: site.id, configuration: { trackingId: 'x' } })).status).toBe(403);

      const spaceOnly = await installed({ target: 'space' });
      const theirs = directory.add(spaceOnly.customer.organization.id);
      const refused = await t.http.as(spaceOnly.customer.members.admin.token).post(`${spaceOnly.base}/sites`, { siteId: theirs.id, configuration: { trackingId: 'x' } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain('cannot be installed on sites');
    });

    it('lists newest first, updates and removes (admins)', async () => {
      const { customer, base } = await installed();
      const sites = [directory.add(customer.organization.id), directory.add(customer.organization.id)];
      for (const site of sites) {
        t.clock.advance(10);
        await t.http.as(customer.members.admin.token).post(`${base}/sites`, { siteId: site.id, configuration: { trackingId: site.id } });
      }
      expect((await t.http.as(customer.members.reader.token).all(`${base}/sites`, { limit: 1 })).map((i: any) => i.site)).toEqual([sites[1].id, sites[0].id]);
      const updated = await t.http.as(customer.members.admin.token).patch(`${base}/sites/${sites[0].id}`, { configuration: { trackingId: 'new' }, externalIds: ['e'] });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ configuration: { trackingId: 'new' }, externalIds: ['e'] });
      expect((await t.http.as(customer.members.admin.token).patch(`${base}/sites/${sites[0].id}`, { configuration: {} })).status).toBe(400);
      expect((await t.http.as(customer.members.reader.token).patch(`${base}/sites/${sites[0].id}`, {})).status).toBe(403);
      expect((await t.http.as(customer.members.reader.token).delete(`${base}/sites/${sites[0].id}`)).status).toBe(403);
      expect((await t.http.as(customer.members.admin.token).delete(`${base}/sites/${sites[0].id}`)).status).toBe(204);
      expect((await t.http.as(customer.members.admin.token).get(`${base}/sites/${sites[0].id}`)).status).toBe(404);
      expect((await t.http.as(customer.members.admin.token).get(`${base}/sites`)).body.count).toBe(1);
      const outsider = await createOrganization(t);
      expect((await t.http.as(outsider.members.admin.token).get(`${base}/sites`)).status).toBe(404);
    });
  });
});

describe('site installations without a SiteDirectory', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, IntegrationsModule] });
  });
  afterAll(() => t.close());

  it('knows no site: installing is a 404 and the list is empty', async () => {
    const publisher = await createOrganization(t);
    const name = await publishIntegration(t, publisher.members.admin.token, publisher.organization.id).then((i) => i.name);
    const installation = await t.http.as(publisher.members.admin.token).post(`/v1/integrations/${name}/installations`, { organization: publisher.organization.id });
    const base = `/v1/integrations/${name}/installations/${installation.body.id}`;
    expect((await t.http.as(publisher.members.admin.token).post(`${base}/sites`, { siteId: 'any' })).status).toBe(404);
    expect((await t.http.as(publisher.members.admin.token).get(`${base}/sites`)).body).toEqual({ items: [], count: 0 });
  });
});
