import { Global, Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { addMember, createOrganization, createUser } from '@docs/identity/testing';
import { JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, eventPayloadProblems, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import { EventDispatcher, RETRY_DELAYS_MS, WebhooksWorkerModule } from '@docs/webhooks';
import { TestReceiver } from '@docs/webhooks/testing';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { integrationName, publishBody } from '../../testing';
import { SiteDirectory } from '../installations/site-directory';
import { IntegrationsModule } from '../integrations.module';

@Global()
@Module({ providers: [{ provide: SiteDirectory, useValue: { findSite: async () => null, presentSites: async () => new Map() } }], exports: [SiteDirectory] })
class NoSitesModule {}

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;

describe('integration events: what installed integrations receive, listIntegrationEvents and getIntegrationEvent', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  let receiver: TestReceiver;

  beforeAll(async () => {
    eventPayloadProblems({ type: 'space_content_updated' });
    database = await createTestDatabase();
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '3000' };
    api = await createTestApp({ imports: [IdentityModule, ContentModule, IntegrationsModule, NoSitesModule], database, env });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, WebhooksWorkerModule], database, env });
    receiver = await TestReceiver.start('/events');
  });
  afterAll(async () => {
    await receiver.close();
    await worker.close();
    await api.close();
    await database.drop();
  });

  it('publishes events, eventsURL and a secret: shown without the secret; bad values are 400s', async () => {
    const { organization, members } = await createOrganization(api, { editor: 'edit' });
    const name = integrationName();
    const as = api.http.as(members.admin.token);
    const body = publishBody(organization.id, { events: ['space_content_updated', 'installation_setup'], eventsURL: 'https://hooks.example.com/gitbook', eventsSecret: secret() });
    const published = await as.post(`/v1/integrations/${name}`, body);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ events: ['space_content_updated', 'installation_setup'], eventsURL: 'https://hooks.example.com/gitbook' });
    expect(JSON.stringify(published.body)).not.toContain('whsec_');
    const [row] = await api.dataSource.query(`SELECT events_secret FROM integrations WHERE name = $1`, [name]);
    expect(row.events_secret).not.toContain((body['eventsSecret'] as string).slice(6, 30));
    // Members see what it receives, not where it goes.
    const seen = await api.http.as(members.editor.token).get(`/v1/integrations/${name}`);
    expect(seen.body.events).toEqual(['space_content_updated', 'installation_setup']);
    expect(seen.body).not.toHaveProperty('eventsURL');

    const bad: [Record<string, unknown>, RegExp][] = [
      [{ events: ['space_created'] }, /each value in events must be one of/],
      [{ events: ['space_content_updated'] }, /eventsURL is required with events/],
      [{ eventsURL: 'https://x.example.com/', eventsSecret: 'whsec_c2hvcnQ=' }, /eventsSecret must be whsec_ followed by the base64 of at least 24 bytes/],
      [{ eventsURL: 'http://10.0.0.1/' , eventsSecret: secret() }, /eventsURL: 10\.0\.0\.1 is a private/],
      [{ eventsURL: 'ftp://x.example.com/', eventsSecret: secret() }, /eventsURL must be an absolute http or https URL/],
    ];
    for (const [overrides, message] of bad) {
      const res = await as.post(`/v1/integrations/${integrationName()}`, publishBody(organization.id, overrides));
      expect([res.status, res.body.error?.message]).toEqual([400, expect.stringMatching(message)]);
    }
    const noSecret = await as.post(`/v1/integrations/${integrationName()}`, publishBody(organization.id, { eventsURL: 'https://x.example.com/' }));
    expect([noSecret.status, noSecret.body.error.message]).toEqual([400, 'eventsSecret is required with eventsURL: events are signed with it.']);
  });

  it("delivers the events of the installation's scope, signed with the integration's secret, and lists them as the reference says", async () => {
    worker.clock.set(new Date());
    api.clock.set(new Date());
    const publisher = await createOrganization(api);
    const installer = await createOrganization(api, { editor: 'edit' });
    const bystander = await createOrganization(api);
    const name = integrationName();
    const signingSecret = secret();
    const events = ['space_content_updated', 'installation_setup', 'space_installation_setup', 'installation_deleted'];
    const published = await api.http
      .as(publisher.members.admin.token)
      .post(`/v1/integrations/${name}`, publishBody(publisher.organization.id, { visibility: 'public', events, eventsURL: receiver.url, eventsSecret: signingSecret }));
    expect(published.status).toBe(200);

    const admin = api.http.as(installer.members.admin.token);
    const chosen = await createSpace(api, installer.members.admin.token, installer.organization.id, { title: 'Chosen' });
    const other = await createSpace(api, installer.members.admin.token, installer.organization.id, { title: 'Other' });
    const installation = (await admin.post(`/v1/integrations/${name}/installations`, { organization: installer.organization.id })).body;
    await admin.post(`/v1/integrations/${name}/installations/${installation.id}/spaces`, { space: chosen.id });
    const page = await admin.post(`/v1/spaces/${chosen.id}/content/pages`, { title: 'In scope', markdown: 'Yes.' });
    await admin.post(`/v1/spaces/${other.id}/content/pages`, { title: 'Out of scope', markdown: 'No.' });
    // Another organization's content, and a space event type it did not list (space_created).
    await createSpace(api, bystander.members.admin.token, bystander.organization.id, { title: 'Theirs' });

    const requests = await receiver.received(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests).toHaveLength(3);
    const wh = new Webhook(signingSecret);
    const payloads = requests.map((req) => wh.verify(req.body, req.headers) as Record<string, any>);
    expect(payloads.map((p) => p.type)).toEqual(['installation_setup', 'space_installation_setup', 'space_content_updated']);
    for (const payload of payloads) {
      expect(eventPayloadProblems(payload)).toEqual([]);
      expect(payload).toMatchObject({ installationId: installation.id, organizationId: installer.organization.id });
      expect(payload).not.toHaveProperty('webhookId');
    }
    expect(payloads[2]).toMatchObject({ spaceId: chosen.id, pages: { created: [page.body.id] } });

    // The publisher's admins read them (the reference's operations: the test client checks the shapes).
    const publisherAdmin = api.http.as(publisher.members.admin.token);
    await eventually(async () => expect((await publisherAdmin.get(`/v1/integrations/${name}/events`)).body.count).toBe(3));
    const list = await publisherAdmin.get(`/v1/integrations/${name}/events`);
    expect(list.body.items.map((e: { payload: { type: string } }) => e.payload.type).sort()).toEqual(['installation_setup', 'space_content_updated', 'space_installation_setup']);
    for (const item of list.body.items) expect(item).toMatchObject({ integrationId: name, installationId: installation.id, status: 'success' });
    const paged = await publisherAdmin.get(`/v1/integrations/${name}/events`, { query: { limit: 2 } });
    expect(paged.body.items).toHaveLength(2);
    expect((await publisherAdmin.get(`/v1/integrations/${name}/events`, { query: { limit: 2, page: paged.body.next.page } })).body.items).toHaveLength(1);
    const one = await publisherAdmin.get(`/v1/integrations/${name}/events/${list.body.items[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.event).toEqual(list.body.items[0]);
    expect(one.body.trace.logs).toEqual([{ message: expect.stringMatching(new RegExp(`^Attempt 1: POST ${receiver.url} answered 200 in \\d+ ms\\.$`)), timestamp: expect.any(String), level: 'info' }]);

    // Nobody else reads them: the installer's admin (not the publisher's), an outsider (private: 404).
    expect((await admin.get(`/v1/integrations/${name}/events`)).status).toBe(403);
    expect((await admin.get(`/v1/integrations/${name}/events/${list.body.items[0].id}`)).status).toBe(403);
    expect((await publisherAdmin.get(`/v1/integrations/${name}/events/unknown`)).status).toBe(404);
    expect((await api.http.as(undefined).get(`/v1/integrations/${name}/events`)).status).toBe(401);
    const privateName = integrationName();
    await publisherAdmin.post(`/v1/integrations/${privateName}`, publishBody(publisher.organization.id, { visibility: 'private' }));
    expect((await admin.get(`/v1/integrations/${privateName}/events`)).status).toBe(404);

    // A failed attempt shows as `failed` with its trace, until a retry succeeds.
    receiver.next({ status: 500, body: 'nope' });
    await admin.post(`/v1/spaces/${chosen.id}/content/pages`, { title: 'Second', markdown: 'Two.' });
    await receiver.received(4);
    const failed = async () => (await publisherAdmin.get(`/v1/integrations/${name}/events`)).body.items.find((e: { payload: { pages?: { created: string[] } } }) => e.payload.pages?.created.length && e.payload.pages.created[0] !== page.body.id);
    await eventually(async () => expect((await failed())?.status).toBe('failed'));
    const trace = (await publisherAdmin.get(`/v1/integrations/${name}/events/${(await failed()).id}`)).body.trace.logs;
    expect(trace).toEqual([{ message: expect.stringMatching(/^Attempt 1: POST .* answered 500 in \d+ ms: Answered HTTP status 500\.$/), timestamp: expect.any(String), level: 'error' }]);
    worker.clock.advance(RETRY_DELAYS_MS[0]);
    worker.get(EventDispatcher).wake();
    await eventually(async () => expect((await failed())?.status).toBe('success'));

    // Uninstalled: its last event still reaches it, then nothing more does.
    await admin.delete(`/v1/integrations/${name}/installations/${installation.id}`);
    const [, , , , , deleted] = await receiver.received(6);
    expect(wh.verify(deleted.body, deleted.headers)).toMatchObject({ type: 'installation_deleted', installationId: installation.id, integrationId: name });
    await admin.post(`/v1/spaces/${chosen.id}/content/pages`, { title: 'After', markdown: 'Gone.' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.requests).toHaveLength(6);
    expect((await publisherAdmin.get(`/v1/integrations/${name}/events`)).body.count).toBe(5);
  });

  it("follows a selection of all spaces, and a new publication's events, URL and secret (the old one signing for a day)", async () => {
    worker.clock.set(new Date());
    api.clock.set(new Date());
    const org = await createOrganization(api);
    const name = integrationName();
    const first = secret();
    const as = api.http.as(org.members.admin.token);
    await as.post(`/v1/integrations/${name}`, publishBody(org.organization.id, { events: ['space_content_updated'], eventsURL: receiver.url + '/v1', eventsSecret: first }));
    const installation = (await as.post(`/v1/integrations/${name}/installations`, { organization: org.organization.id })).body;
    await as.patch(`/v1/integrations/${name}/installations/${installation.id}`, { space_selection: 'all' });
    const space = await createSpace(api, org.members.admin.token, org.organization.id, { title: 'Any' });
    const start = receiver.requests.length;
    await as.post(`/v1/spaces/${space.id}/content/pages`, { title: 'A', markdown: 'a' });
    const [one] = (await receiver.received(start + 1)).slice(start);
    expect(one.json).toMatchObject({ type: 'space_content_updated', spaceId: space.id, installationId: installation.id });

    const second = secret();
    const republished = await as.post(`/v1/integrations/${name}`, publishBody(org.organization.id, { events: ['space_content_updated', 'installation_setup'], eventsURL: receiver.url + '/v2', eventsSecret: second }));
    expect(republished.body.version).toBe(2);
    await as.post(`/v1/spaces/${space.id}/content/pages`, { title: 'B', markdown: 'b' });
    const [two] = (await receiver.received(start + 2)).slice(start + 1);
    expect(two.json.type).toBe('space_content_updated');
    expect(new Webhook(second).verify(two.body, two.headers)).toBeTruthy();
    expect(new Webhook(first).verify(two.body, two.headers)).toBeTruthy();

    // A member who is not an admin of the publisher cannot read its events.
    const reader = await createUser(api);
    await addMember(api, org.organization.id, reader, 'read');
    expect((await api.http.as(reader.token).get(`/v1/integrations/${name}/events`)).status).toBe(403);
  });
});
