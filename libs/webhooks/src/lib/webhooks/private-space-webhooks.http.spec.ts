import { ContentModule } from '@docs/content';
import { createSpace, setDefaultLevel } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, eventPayloadProblems, TestApp, TestDatabase } from '@docs/platform/testing';
import { TestReceiver, webhookContract } from '../../testing';
import { WebhooksWorkerModule } from '../webhooks-worker.module';
import { WebhooksModule } from '../webhooks.module';

/**
 * Webhooks and private spaces (grants, docs/permissions.md). A webhook belongs to the
 * organization and only its admins, who see every space, make and read one: so the events of a
 * private space are delivered to it (ids and states, never content), and a member who reaches
 * the space only through a grant, even as its admin, learns nothing of the webhooks or what
 * they were sent.
 */
describe('webhooks and a private space (api and worker on one database, a receiver on 127.0.0.1)', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  let receiver: TestReceiver;

  beforeAll(async () => {
    database = await createTestDatabase();
    eventPayloadProblems({ type: 'space_content_updated' });
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '1500' };
    api = await createTestApp({ imports: [IdentityModule, ContentModule, WebhooksModule], database, env });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, WebhooksWorkerModule], database, env });
    receiver = await TestReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await worker.close();
    await api.close();
    await database.drop();
  });

  it("delivers a private space's events to the organization's webhooks, which a member granted the space cannot see", async () => {
    const { organization, members } = await createOrganization(api, { editor: 'edit' });
    const admin = api.http.as(members.admin.token, { contract: webhookContract });
    const editor = api.http.as(members.editor.token, { contract: webhookContract });
    const base = `/v1/orgs/${organization.id}/webhooks`;
    // Content routes validate against the reference; webhook routes against their contract.
    const adminContent = api.http.as(members.admin.token);
    const editorContent = api.http.as(members.editor.token);
    const space = await createSpace(api, members.admin.token, organization.id);
    await setDefaultLevel(api, members.admin.token, { object: 'space', id: space.id }, null);
    // The editor administers the private space through a grant, and sees it; nobody else but the admins does.
    expect((await adminContent.post(`/v1/spaces/${space.id}/permissions`, { role: 'admin', users: [members.editor.user.id] })).status).toBe(204);
    expect((await editorContent.get(`/v1/spaces/${space.id}`)).status).toBe(200);

    const filtered = await admin.post(base, { url: receiver.url, spaces: [space.id], events: ['space_content_updated'] });
    expect(filtered.status).toBe(201);
    // A grant on a space is not the organization's admin role: webhooks stay out of reach.
    expect((await editor.post(base, { url: receiver.url, spaces: [space.id] })).status).toBe(403);
    expect((await editor.get(base)).status).toBe(403);
    expect((await editor.get(`${base}/${filtered.body.id}`)).status).toBe(404);
    expect((await editor.get(`${base}/${filtered.body.id}/deliveries`)).status).toBe(404);

    const page = await editorContent.post(`/v1/spaces/${space.id}/content/pages`, { title: 'Salaries 2027', markdown: 'Confidential figures.' });
    expect(page.status).toBe(201);
    const [request] = await receiver.received(1);
    const payload = JSON.parse(request.body) as Record<string, any>;
    expect(payload).toMatchObject({ type: 'space_content_updated', organizationId: organization.id, spaceId: space.id, auth: { userId: members.editor.user.id } });
    expect(eventPayloadProblems(payload)).toEqual([]);
    // Ids and states only: not the page's title or text.
    expect(request.body).not.toMatch(/Salaries|Confidential/);
    const deliveries = await admin.get(`${base}/${filtered.body.id}/deliveries`);
    expect(deliveries.body.items.map((d: any) => d.event.type)).toEqual(['space_content_updated']);
  });
});
