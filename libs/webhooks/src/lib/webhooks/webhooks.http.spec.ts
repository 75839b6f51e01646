import { Global, Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { Webhook } from 'standardwebhooks';
import { webhookContract } from '../../testing';
import { WebhooksModule } from '../webhooks.module';
import { WebhookSites } from './webhook-sites';

/** Sites as a map (libs/sites is out of reach here), bound through the seam as apps/api binds SiteCatalog. */
const SITES = new Map<string, string>();
@Global()
@Module({ providers: [{ provide: WebhookSites, useValue: { findSite: async (org: string, id: string) => (SITES.get(id) === org ? { id } : null) } }], exports: [WebhookSites] })
class TestSitesModule {}

describe('webhooks (/v1/orgs/{organizationId}/webhooks)', () => {
  let t: TestApp;
  const as = (token: string | undefined) => t.http.as(token, { contract: webhookContract });

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, WebhooksModule, TestSitesModule], env: { FETCH_ALLOW_HOSTS: 'hooks.internal,10.1.0.0/16' } });
  });
  afterAll(() => t.close());

  it('lets an admin create, read, list, change and delete a webhook; the secret is shown once and stored sealed', async () => {
    const { organization, members } = await createOrganization(t);
    const base = `/v1/orgs/${organization.id}/webhooks`;
    const admin = as(members.admin.token);

    const created = await admin.post(base, { url: 'https://receiver.example.com/hooks', description: 'CI previews', events: ['space_content_updated', 'change_request_merged'] });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(created.body.urls.location);
    expect(created.body).toMatchObject({
      object: 'webhook',
      url: 'https://receiver.example.com/hooks',
      description: 'CI previews',
      events: ['space_content_updated', 'change_request_merged'],
      spaces: [],
      sites: [],
      status: 'active',
      disabled: null,
    });
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(() => new Webhook(secret)).not.toThrow();
    const id = created.body.id;

    const [row] = await t.dataSource.query(`SELECT secret FROM event_subscriptions WHERE id = $1`, [id]);
    expect(row.secret).not.toContain(secret.slice(6));
    expect(JSON.stringify(await t.dataSource.query(`SELECT * FROM event_subscriptions`))).not.toContain(secret.slice(6, 20));

    const read = await admin.get(`${base}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('secret');
    expect(read.body).toEqual({ ...created.body, secret: undefined });

    t.clock.advance(1); // newest first
    const defaults = await admin.post(base, { url: 'https://other.example.com/' });
    expect(defaults.body).toMatchObject({ events: ['*'], description: '', status: 'active' });

    const list = await admin.get(base);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((w: { id: string }) => w.id)).toEqual([defaults.body.id, id]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const paged = await admin.get(base, { query: { limit: 1 } });
    expect(paged.body.items).toHaveLength(1);
    expect((await admin.get(base, { query: { limit: 1, page: paged.body.next.page } })).body.items[0].id).toBe(id);

    t.clock.advance(1000);
    const changed = await admin.patch(`${base}/${id}`, { events: ['*'], status: 'paused', description: 'Previews' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ events: ['*'], status: 'paused', description: 'Previews', url: 'https://receiver.example.com/hooks' });
    expect(changed.body.updatedAt > created.body.updatedAt).toBe(true);
    expect((await admin.patch(`${base}/${id}`, { status: 'active' })).body.status).toBe('active');

    const rotated = await admin.post(`${base}/${id}/secret/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    const [after] = await t.dataSource.query(`SELECT previous_secret, previous_secret_expires_at FROM event_subscriptions WHERE id = $1`, [id]);
    expect(after.previous_secret).toBe(row.secret);
    expect(new Date(after.previous_secret_expires_at).getTime() - t.clock.now().getTime()).toBe(24 * 3_600_000);

    expect((await admin.delete(`${base}/${id}`)).status).toBe(204);
    expect((await admin.get(`${base}/${id}`)).status).toBe(404);
    expect((await admin.get(base)).body.count).toBe(1);
  });

  it('filters by spaces and sites of the organization only', async () => {
    const { organization, members } = await createOrganization(t);
    const other = await createOrganization(t);
    const base = `/v1/orgs/${organization.id}/webhooks`;
    const admin = as(members.admin.token);
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Docs' });
    const foreign = await createSpace(t, other.members.admin.token, other.organization.id, { title: 'Theirs' });
    SITES.set('site-a', organization.id);
    SITES.set('site-b', other.organization.id);

    const created = await admin.post(base, { url: 'https://r.example.com/', spaces: [space.id], sites: ['site-a'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ spaces: [space.id], sites: ['site-a'] });
    const [row] = await t.dataSource.query(`SELECT space_ids, site_ids, organization_events FROM event_subscriptions WHERE id = $1`, [created.body.id]);
    expect(row).toEqual({ space_ids: [space.id], site_ids: ['site-a'], organization_events: false });

    const foreignSpace = await admin.post(base, { url: 'https://r.example.com/', spaces: [space.id, foreign.id] });
    expect(foreignSpace.status).toBe(404);
    expect(foreignSpace.body.error.message).toBe(`spaces[1]: no space of this organization has the id ${foreign.id}.`);
    const foreignSite = await admin.patch(`${base}/${created.body.id}`, { sites: ['site-b'] });
    expect(foreignSite.status).toBe(404);
    expect(foreignSite.body.error.message).toContain('sites[0]');

    // Clearing both filters: every event of the organization again.
    const cleared = await admin.patch(`${base}/${created.body.id}`, { spaces: [], sites: [] });
    expect(cleared.body).toMatchObject({ spaces: [], sites: [] });
    const [clearedRow] = await t.dataSource.query(`SELECT space_ids, site_ids, organization_events FROM event_subscriptions WHERE id = $1`, [created.body.id]);
    expect(clearedRow).toEqual({ space_ids: null, site_ids: null, organization_events: true });
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const { organization, members } = await createOrganization(t);
    const base = `/v1/orgs/${organization.id}/webhooks`;
    const admin = as(members.admin.token);
    const cases: [unknown, RegExp][] = [
      [{}, /url is required/],
      [{ url: 'ftp://x.example.com/' }, /url must be an absolute http or https URL/],
      [{ url: 'not a url' }, /url must be an absolute http or https URL/],
      [{ url: 'https://user:pw@x.example.com/' }, /url must not contain credentials/],
      [{ url: 'http://127.0.0.1:9/' }, /url: 127\.0\.0\.1 is a private, loopback or otherwise internal address/],
      [{ url: 'http://[::1]/' }, /internal address/],
      [{ url: 'http://169.254.169.254/latest' }, /internal address/],
      [{ url: 'http://localhost:8080/' }, /internal address/],
      [{ url: 'https://x.example.com/', events: [] }, /events must contain at least 1 elements/],
      [{ url: 'https://x.example.com/', events: ['space_exploded'] }, /each value in events must be one of/],
      [{ url: 'https://x.example.com/', status: 'disabled' }, /status must be one of/],
      [{ url: 'https://x.example.com/', secret: 'mine' }, /property secret should not exist/],
      [{ url: 'https://x.example.com/', description: 'x'.repeat(257) }, /description must be shorter than or equal to 256 characters/],
      [{ url: 'https://x.example.com/', spaces: ['a b'] }, /each value in spaces must be a space id/],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(base, body);
      expect([res.status, res.body.error?.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await admin.get(base)).body.count).toBe(0);
    // The allow list opens internal hosts and ranges for deliveries.
    expect((await admin.post(base, { url: 'http://hooks.internal/x' })).status).toBe(201);
    expect((await admin.post(base, { url: 'http://10.1.2.3:8080/x' })).status).toBe(201);
  });

  it('is for organization admins only: 403 on the list and creation, 404 for one webhook; other organizations see nothing', async () => {
    const { organization, members } = await createOrganization(t, { editor: 'edit', guest: null });
    const other = await createOrganization(t);
    const base = `/v1/orgs/${organization.id}/webhooks`;
    const created = await as(members.admin.token).post(base, { url: 'https://r.example.com/' });
    const one = `${base}/${created.body.id}`;
    for (const token of [members.editor.token, members.guest.token]) {
      expect((await as(token).get(base)).status).toBe(403);
      expect((await as(token).post(base, { url: 'https://r.example.com/' })).status).toBe(403);
      for (const res of [
        await as(token).get(one),
        await as(token).patch(one, { status: 'paused' }),
        await as(token).delete(one),
        await as(token).post(`${one}/ping`),
        await as(token).post(`${one}/secret/rotate`),
        await as(token).get(`${one}/deliveries`),
      ]) {
        expect(res.status).toBe(404);
      }
    }
    // An admin of another organization: 404 for the organization itself, and their own id space is separate.
    expect((await as(other.members.admin.token).get(base)).status).toBe(404);
    expect((await as(other.members.admin.token).get(`/v1/orgs/${other.organization.id}/webhooks/${created.body.id}`)).status).toBe(404);
    expect((await as(undefined).get(base)).status).toBe(401);
    expect((await as(members.admin.token).get(one)).body.status).toBe('active');
  });
});
