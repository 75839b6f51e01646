import { Global, Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization, TestUser } from '@docs/identity/testing';
import { JobWorkerModule } from '@docs/platform';
import { cells, createTestApp, createTestDatabase, describePermissionTable, eventually, PermissionRole, PermissionTable, TestApp, TestDatabase } from '@docs/platform/testing';
import { WebhooksWorkerModule } from '@docs/webhooks';
import { TestReceiver } from '@docs/webhooks/testing';
import { randomBytes } from 'node:crypto';
import { integrationName, publishBody } from '../../testing';
import { SiteDirectory } from '../installations/site-directory';
import { IntegrationsModule } from '../integrations.module';

@Global()
@Module({ providers: [{ provide: SiteDirectory, useValue: { findSite: async () => null, presentSites: async () => new Map() } }], exports: [SiteDirectory] })
class NoSitesModule {}

/**
 * docs/permissions.md, "Webhooks and integration events": the integration events table is generated
 * from this one and every cell is checked over HTTP, role by role (`describePermissionTable`). The
 * columns are the caller's role in the organization that publishes the integration; the outsider is
 * an admin of another organization. The integration is installed in its publisher's organization
 * and has been sent one event (by the worker) before the checks; each check first publishes it
 * again with the visibility of its row.
 */
type Who = PermissionRole;

interface Fixture {
  api: TestApp;
  publisherId: string;
  users: Record<Who, TestUser>;
  name: string;
  eventsURL: string;
  eventsSecret: string;
  eventId: string;
}

const status = async (response: Promise<{ status: number }>) => (await response).status;

/** The list and the one event, as `who`, with the integration published as `visibility`. */
async function readEvents(f: Fixture, who: Who, visibility: string): Promise<number[]> {
  const admin = f.api.http.as(f.users.admin.token);
  const published = await admin.post(`/v1/integrations/${f.name}`, publishBody(f.publisherId, { visibility, events: ['space_content_updated'], eventsURL: f.eventsURL, eventsSecret: f.eventsSecret }));
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${published.text}`);
  const as = f.api.http.as(f.users[who].token);
  return [await status(as.get(`/v1/integrations/${f.name}/events`)), await status(as.get(`/v1/integrations/${f.name}/events/${f.eventId}`))];
}

const INTEGRATION_EVENTS_TABLE: PermissionTable<Fixture> = {
  id: 'integration-events',
  rows: [
    {
      operation: '`GET /integrations/{name}/events[/{eventId}]`, a `private` integration (seen by members of its organization only)',
      cells: cells(200, 403, 403, 403, 403, 403, 403, 404),
      check: (f, who) => readEvents(f, who, 'private'),
    },
    {
      operation: 'the same, a `public` or `unlisted` integration (seen by anyone)',
      cells: cells(200, 403, 403, 403, 403, 403, 403, 403),
      check: async (f, who) => [...(await readEvents(f, who, 'public')), ...(await readEvents(f, who, 'unlisted'))],
    },
  ],
};

describe('integration event permissions over HTTP (docs/permissions.md, "Webhooks and integration events")', () => {
  let database: TestDatabase;
  let worker: TestApp;
  let receiver: TestReceiver;
  let f: Fixture;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '3000' };
    const api = await createTestApp({ imports: [IdentityModule, ContentModule, IntegrationsModule, NoSitesModule], database, env });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, WebhooksWorkerModule], database, env });
    receiver = await TestReceiver.start('/events');
    worker.clock.set(new Date());
    api.clock.set(new Date());

    const publisher = await createOrganization(api, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const other = await createOrganization(api);
    const name = integrationName();
    const admin = api.http.as(publisher.members.admin.token);
    const eventsSecret = `whsec_${randomBytes(32).toString('base64')}`;
    await admin.post(`/v1/integrations/${name}`, publishBody(publisher.organization.id, { visibility: 'public', events: ['space_content_updated'], eventsURL: receiver.url, eventsSecret }));
    const installation = (await admin.post(`/v1/integrations/${name}/installations`, { organization: publisher.organization.id })).body;
    await admin.patch(`/v1/integrations/${name}/installations/${installation.id}`, { space_selection: 'all' });
    const space = await createSpace(api, publisher.members.admin.token, publisher.organization.id, { title: 'Docs' });
    await admin.post(`/v1/spaces/${space.id}/content/pages`, { title: 'A page', markdown: 'Sent.' });
    await receiver.received(1);
    let eventId = '';
    await eventually(async () => {
      const items = (await admin.get(`/v1/integrations/${name}/events`)).body.items as { id: string }[];
      expect(items).toHaveLength(1);
      eventId = items[0].id;
    });
    f = { api, publisherId: publisher.organization.id, users: { ...publisher.members, outsider: other.members.admin }, name, eventsURL: receiver.url, eventsSecret, eventId };
  });
  afterAll(async () => {
    await receiver.close();
    await worker.close();
    await f.api.close();
    await database.drop();
  });

  describePermissionTable(INTEGRATION_EVENTS_TABLE, () => f);
});
