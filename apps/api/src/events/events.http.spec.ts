import { createSpace } from '@docs/content/testing';
import { createOrganization, createUser } from '@docs/identity/testing';
import { publishIntegration } from '@docs/integrations/testing';
import { createTestApp, createTestDatabase, eventPayloadProblems, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import { ReceivedRequest, TestReceiver, webhookContract } from '@docs/webhooks/testing';
import { JobWorkerModule } from '@docs/platform';
import { EventDispatcher, WebhooksWorkerModule } from '@docs/webhooks';
import { ApiModule } from '../api.module';

/**
 * Every operation that emits an event, over HTTP against the embedded PostgreSQL, the worker
 * delivering to a receiver on 127.0.0.1: each payload must be valid against the reference's
 * schema of its type (extension types: against the schema of docs/api-decisions.md), events
 * come in the order they were committed, and a write that fails leaves no event.
 */
describe('events emitted by the operations, delivered to a webhook', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  const receivers: TestReceiver[] = [];

  beforeAll(async () => {
    eventPayloadProblems({ type: 'space_content_updated' }); // compile the reference schema before the worker runs
    database = await createTestDatabase();
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '3000' };
    api = await createTestApp({ imports: [ApiModule], database, env });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, WebhooksWorkerModule], database, env });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await worker.close();
    await api.close();
    await database.drop();
  });

  /** An organization whose admin subscribed a webhook to every event. */
  async function subscribed(roles: Record<string, 'admin' | 'edit' | 'comment' | 'read'> = {}) {
    const org = await createOrganization(api, roles);
    const receiver = await TestReceiver.start();
    receivers.push(receiver);
    const webhook = await api.http.as(org.members.admin.token, { contract: webhookContract }).post(`/v1/orgs/${org.organization.id}/webhooks`, { url: receiver.url });
    expect(webhook.status).toBe(201);
    const as = (token = org.members.admin.token) => api.http.as(token);
    /** Every payload received once the organization's events up to now have arrived (they come in order). */
    const received = async (): Promise<Record<string, any>[]> => {
      const [{ last }] = await api.dataSource.query(`SELECT last_sequence::int AS last FROM event_sequences WHERE organization_id = $1`, [org.organization.id]);
      await eventually(async () => expect(receiver.requests.at(-1)?.json.sequence).toBe(last), 15_000);
      return receiver.requests.map((req: ReceivedRequest) => req.json);
    };
    return { ...org, receiver, webhook: webhook.body, as, received };
  }

  function expectValid(payloads: Record<string, any>[]) {
    for (const payload of payloads) expect({ type: payload.type, problems: eventPayloadProblems(payload) }).toEqual({ type: payload.type, problems: [] });
    const sequences = payloads.map((p) => p.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(payloads.map((p) => p.eventId)).size).toBe(payloads.length);
  }

  it('spaces: created, duplicated, content updated (pages created, updated, moved, deleted), visibility, deleted, restored', async () => {
    const { organization, members, as, received } = await subscribed();
    const admin = members.admin.user.id;
    const collection = await as().post(`/v1/orgs/${organization.id}/collections`, { title: 'Guides' });
    const space = await createSpace(api, members.admin.token, organization.id, { title: 'Handbook', parent: collection.body.id });
    const first = await as().post(`/v1/spaces/${space.id}/content/pages`, { title: 'Intro', markdown: '# Hi' });
    const second = await as().post(`/v1/spaces/${space.id}/content/pages`, { title: 'Setup', markdown: 'Run it.' });
    await as().patch(`/v1/spaces/${space.id}/content/page/${first.body.id}`, { markdown: '# Hello' });
    await as().post(`/v1/spaces/${space.id}/content/page/${second.body.id}/move`, { parent: first.body.id });
    await as().delete(`/v1/spaces/${space.id}/content/page/${second.body.id}`);
    const copy = await as().post(`/v1/spaces/${space.id}/duplicate`);
    // A space visible to its collection's readers becomes private at the top level.
    await api.dataSource.query(`UPDATE spaces SET visibility = 'in-collection' WHERE id = $1`, [space.id]);
    await as().post(`/v1/spaces/${space.id}/move`, { parent: null });
    expect((await as().delete(`/v1/spaces/${space.id}`)).status).toBe(205);
    expect((await as().post(`/v1/spaces/${space.id}/restore`)).status).toBe(200);

    const payloads = await received();
    expectValid(payloads);
    expect(payloads.map((p) => p.type)).toEqual([
      'space_created',
      'space_content_updated',
      'space_content_updated',
      'space_content_updated',
      'space_content_updated',
      'space_content_updated',
      'space_created',
      'space_visibility_updated',
      'space_deleted',
      'space_restored',
    ]);
    expect(payloads.every((p) => p.organizationId === organization.id && p.auth?.userId === admin)).toBe(true);
    expect(payloads[0]).toMatchObject({ spaceId: space.id, parentId: collection.body.id });
    const content = payloads.filter((p) => p.type === 'space_content_updated');
    expect(content.map((p) => p.pages)).toEqual([
      { created: [first.body.id], updated: [], moved: [], deleted: [] },
      { created: [second.body.id], updated: [], moved: [], deleted: [] },
      { created: [], updated: [first.body.id], moved: [], deleted: [] },
      { created: [], updated: [], moved: [second.body.id], deleted: [] },
      { created: [], updated: [], moved: [], deleted: [second.body.id] },
    ]);
    // Each names the revision it made and the one before: a chain.
    for (let i = 1; i < content.length; i++) expect(content[i].previousRevisionId).toBe(content[i - 1].revisionId);
    expect((await as().get(`/v1/spaces/${space.id}`)).body.revision).toBe(content.at(-1)!.revisionId);
    expect(payloads[6]).toMatchObject({ spaceId: copy.body.id, parentId: collection.body.id, duplicatedFrom: space.id });
    expect(payloads[7]).toMatchObject({ spaceId: space.id, previousVisibility: 'in-collection', visibility: 'private' });
    expect(payloads.slice(8).map((p) => p.spaceId)).toEqual([space.id, space.id]);
  });

  it('change requests: opened, updated (subject, status, content), merged (with the space content), closed', async () => {
    const { organization, members, as, received } = await subscribed();
    const space = await createSpace(api, members.admin.token, organization.id, { title: 'Docs' });
    const page = await as().post(`/v1/spaces/${space.id}/content/pages`, { title: 'Intro', markdown: 'One.' });
    const cr = await as().post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Fix' });
    await as().patch(`/v1/spaces/${space.id}/change-requests/${cr.body.id}`, { subject: 'Fix the intro', status: 'open' });
    await as().patch(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/content/page/${page.body.id}`, { markdown: 'Two.' });
    const merged = await as().post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/merge`);
    expect(merged.body.result).toBe('merge');
    const other = await as().post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Abandoned' });
    await as().patch(`/v1/spaces/${space.id}/change-requests/${other.body.id}`, { status: 'archived' });

    const payloads = (await received()).filter((p) => p.type !== 'space_created');
    expectValid(payloads);
    const base = { spaceId: space.id, changeRequestId: cr.body.id, number: cr.body.number };
    expect(payloads.map((p) => p.type)).toEqual([
      'space_content_updated',
      'change_request_opened',
      'change_request_updated',
      'change_request_updated',
      'space_content_updated',
      'change_request_merged',
      'change_request_opened',
      'change_request_closed',
    ]);
    expect(payloads[1]).toMatchObject({ ...base, status: 'draft' });
    expect(payloads[2]).toMatchObject({ ...base, status: 'open', previousStatus: 'draft', changes: ['subject', 'status'] });
    expect(payloads[3]).toMatchObject({ ...base, status: 'open', changes: ['content'], revisionId: expect.any(String) });
    expect(payloads[4]).toMatchObject({ spaceId: space.id, revisionId: merged.body.revision, pages: { updated: [page.body.id] } });
    expect(payloads[5]).toMatchObject({ ...base, revisionId: merged.body.revision });
    expect(payloads[7]).toMatchObject({ changeRequestId: other.body.id, previousStatus: 'draft' });
  });

  it('comments: posted (on a space, a page, a change request), replied, resolved (once), nothing for a refused write, no text in the payloads', async () => {
    const { organization, members, as, received } = await subscribed({ reader: 'read', commenter: 'comment' });
    const space = await createSpace(api, members.admin.token, organization.id, { title: 'Docs' });
    const page = await as().post(`/v1/spaces/${space.id}/content/pages`, { title: 'Intro', markdown: 'One.' });
    const cr = await as().post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Fix' });
    const commenter = as(members.commenter.token);
    const onSpace = await commenter.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'Secret remark about **the plan**' } });
    expect(onSpace.status).toBe(200);
    const onPage = await commenter.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'Typo here' }, page: page.body.id });
    const reply = await as().post(`/v1/spaces/${space.id}/comments/${onSpace.body.id}/replies`, { body: { markdown: 'Reply text' } });
    expect(reply.status).toBe(200);
    expect((await as().put(`/v1/spaces/${space.id}/comments/${onSpace.body.id}`, { resolved: true })).status).toBe(200);
    expect((await as().put(`/v1/spaces/${space.id}/comments/${onSpace.body.id}`, { resolved: true })).status).toBe(200); // already resolved: nothing
    await as().put(`/v1/spaces/${space.id}/comments/${onPage.body.id}`, { addedReactions: ['👍'] }); // a reaction: nothing
    const crBase = `/v1/spaces/${space.id}/change-requests/${cr.body.id}/comments`;
    const onCr = await commenter.post(crBase, { body: { markdown: 'On the change' } });
    const crReply = await commenter.post(`${crBase}/${onCr.body.id}/replies`, { body: { markdown: 'Me again' } });
    await as().put(`${crBase}/${onCr.body.id}`, { resolved: true });
    // Refused writes: a reader may not comment, an unknown page is a 400, a reply to no comment a 404.
    expect((await as(members.reader.token).post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' } })).status).toBe(403);
    expect((await commenter.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' }, page: 'no-such-page' })).status).toBe(400);
    expect((await commenter.post(`/v1/spaces/${space.id}/comments/nope/replies`, { body: { markdown: 'x' } })).status).toBe(404);
    expect((await as(members.reader.token).put(`/v1/spaces/${space.id}/comments/${onPage.body.id}`, { resolved: true })).status).toBe(403);

    const payloads = (await received()).filter((p) => p.type.startsWith('comment_'));
    expectValid(payloads);
    const commenterId = members.commenter.user.id;
    const adminId = members.admin.user.id;
    expect(payloads.map(({ type, commentId, replyId, changeRequestId, pageId, auth }) => ({ type, commentId, replyId, changeRequestId, pageId, by: auth.userId }))).toEqual([
      { type: 'comment_posted', commentId: onSpace.body.id, replyId: undefined, changeRequestId: undefined, pageId: undefined, by: commenterId },
      { type: 'comment_posted', commentId: onPage.body.id, replyId: undefined, changeRequestId: undefined, pageId: page.body.id, by: commenterId },
      { type: 'comment_replied', commentId: onSpace.body.id, replyId: reply.body.id, changeRequestId: undefined, pageId: undefined, by: adminId },
      { type: 'comment_resolved', commentId: onSpace.body.id, replyId: undefined, changeRequestId: undefined, pageId: undefined, by: adminId },
      { type: 'comment_posted', commentId: onCr.body.id, replyId: undefined, changeRequestId: cr.body.id, pageId: undefined, by: commenterId },
      { type: 'comment_replied', commentId: onCr.body.id, replyId: crReply.body.id, changeRequestId: cr.body.id, pageId: undefined, by: commenterId },
      { type: 'comment_resolved', commentId: onCr.body.id, replyId: undefined, changeRequestId: cr.body.id, pageId: undefined, by: adminId },
    ]);
    expect(payloads.every((p) => p.spaceId === space.id)).toBe(true);
    // Ids and states only: the text stays behind the API's read checks.
    expect(JSON.stringify(payloads)).not.toMatch(/Secret remark|Typo here|Reply text|On the change|Me again/);
  });

  it('members and teams: added, role changed, removed; teams created and deleted', async () => {
    const { organization, members, as, received } = await subscribed({ editor: 'edit' });
    const invited = await as().post(`/v1/orgs/${organization.id}/invites`, { emails: ['new@example.com', 'new@example.com'], role: 'comment' });
    expect(invited.status).toBe(200);
    await as().post(`/v1/orgs/${organization.id}/invites`, { emails: ['new@example.com'] }); // already a member: nothing
    const newcomer = invited.body.users[0];
    await as().patch(`/v1/orgs/${organization.id}/members/${newcomer}`, { role: 'review' });
    await as().patch(`/v1/orgs/${organization.id}/members/${newcomer}`, { role: 'review' }); // unchanged: nothing
    const team = await as().put(`/v1/orgs/${organization.id}/teams`, { title: 'Writers', members: [members.editor.user.id] });
    await as().put(`/v1/orgs/${organization.id}/teams/${team.body.id}/members/${members.editor.user.id}`, { role: 'owner' });
    await as().put(`/v1/orgs/${organization.id}/teams/${team.body.id}/members`, { add: [newcomer], remove: [members.editor.user.id] });
    await as().delete(`/v1/orgs/${organization.id}/teams/${team.body.id}/members/${newcomer}`);
    await as().delete(`/v1/orgs/${organization.id}/teams/${team.body.id}`);
    expect((await as(members.editor.token).delete(`/v1/orgs/${organization.id}/members/${members.editor.user.id}`)).status).toBe(204);

    const payloads = await received();
    expectValid(payloads);
    const teamId = team.body.id;
    expect(payloads.map(({ type, userId, role, previousRole, teamId: t }) => ({ type, userId, role, previousRole, teamId: t }))).toEqual([
      { type: 'member_added', userId: newcomer, role: 'comment', previousRole: undefined, teamId: undefined },
      { type: 'member_role_updated', userId: newcomer, role: 'review', previousRole: 'comment', teamId: undefined },
      { type: 'team_created', userId: undefined, role: undefined, previousRole: undefined, teamId },
      { type: 'team_member_added', userId: members.editor.user.id, role: 'member', previousRole: undefined, teamId },
      { type: 'team_member_role_updated', userId: members.editor.user.id, role: 'owner', previousRole: 'member', teamId },
      { type: 'team_member_removed', userId: members.editor.user.id, role: undefined, previousRole: undefined, teamId },
      { type: 'team_member_added', userId: newcomer, role: 'member', previousRole: undefined, teamId },
      { type: 'team_member_removed', userId: newcomer, role: undefined, previousRole: undefined, teamId },
      { type: 'team_deleted', userId: undefined, role: undefined, previousRole: undefined, teamId },
      { type: 'member_removed', userId: members.editor.user.id, role: undefined, previousRole: 'edit', teamId: undefined },
    ]);
    expect(payloads.at(-1)!.auth).toEqual({ userId: members.editor.user.id });
  });

  it('sites: published and unpublished (once each, whatever the number of requests)', async () => {
    const { organization, members, as, received } = await subscribed();
    const space = await createSpace(api, members.admin.token, organization.id, { title: 'Docs' });
    const site = await as().post(`/v1/orgs/${organization.id}/sites`, { title: 'Docs site', spaces: [space.id] });
    expect(site.status).toBe(201);
    await Promise.all([1, 2, 3].map(() => as().post(`/v1/orgs/${organization.id}/sites/${site.body.id}/publish`)));
    await as().post(`/v1/orgs/${organization.id}/sites/${site.body.id}/unpublish`);
    const payloads = (await received()).filter((p) => p.type.startsWith('site_'));
    expectValid(payloads);
    expect(payloads.map((p) => [p.type, p.siteId])).toEqual([
      ['site_published', site.body.id],
      ['site_unpublished', site.body.id],
    ]);
  });

  it("a deleted site leaves webhook filters: one that named it alone is disabled, one that named others keeps them", async () => {
    const { organization, members, as } = await subscribed();
    const hooks = api.http.as(members.admin.token, { contract: webhookContract });
    const space = await createSpace(api, members.admin.token, organization.id, { title: 'Docs' });
    const created = await Promise.all(['Gone', 'Stays'].map((title) => as().post(`/v1/orgs/${organization.id}/sites`, { title, spaces: [space.id] })));
    const [gone, stays] = created.map((res) => res.body.id as string);
    const alone = (await hooks.post(`/v1/orgs/${organization.id}/webhooks`, { url: 'https://r.example.com/alone', sites: [gone] })).body;
    const both = (await hooks.post(`/v1/orgs/${organization.id}/webhooks`, { url: 'https://r.example.com/both', sites: [gone, stays] })).body;
    expect((await as().delete(`/v1/orgs/${organization.id}/sites/${gone}`)).status).toBe(205);
    expect((await hooks.get(`/v1/orgs/${organization.id}/webhooks/${alone.id}`)).body).toMatchObject({
      sites: [],
      status: 'disabled',
      disabled: { reason: 'Every space and site it was filtered by was deleted for good.' },
    });
    expect((await hooks.get(`/v1/orgs/${organization.id}/webhooks/${both.id}`)).body).toMatchObject({ sites: [stays], status: 'active', disabled: null });
    expect((await hooks.patch(`/v1/orgs/${organization.id}/webhooks/${both.id}`, { description: 'still fine' })).status).toBe(200);
  });

  it('installations: set up and deleted, on the organization, a space and a site (the reference payloads)', async () => {
    const { organization, members, as, received } = await subscribed();
    const name = (await publishIntegration(api, members.admin.token, organization.id, {})).name;
    const space = await createSpace(api, members.admin.token, organization.id, { title: 'Docs' });
    const site = await as().post(`/v1/orgs/${organization.id}/sites`, { title: 'Docs site', spaces: [space.id] });
    const installation = await as().post(`/v1/integrations/${name}/installations`, { organization: organization.id });
    expect(installation.status).toBe(201);
    const id = installation.body.id;
    await as().patch(`/v1/integrations/${name}/installations/${id}`, { externalIds: ['x'] });
    await as().post(`/v1/integrations/${name}/installations/${id}/spaces`, { space: space.id });
    await as().patch(`/v1/integrations/${name}/installations/${id}/spaces/${space.id}`, { externalIds: ['y'] });
    await as().delete(`/v1/integrations/${name}/installations/${id}/spaces/${space.id}`);
    await as().post(`/v1/integrations/${name}/installations/${id}/sites`, { siteId: site.body.id });
    await as().delete(`/v1/integrations/${name}/installations/${id}/sites/${site.body.id}`);
    await as().delete(`/v1/integrations/${name}/installations/${id}`);

    const payloads = (await received()).filter((p) => p.type.includes('installation'));
    expectValid(payloads);
    expect(payloads.map((p) => p.type)).toEqual([
      'installation_setup',
      'installation_setup',
      'space_installation_setup',
      'space_installation_setup',
      'space_installation_deleted',
      'site_installation_setup',
      'site_installation_deleted',
      'installation_deleted',
    ]);
    expect(payloads.every((p) => p.installationId === id && p.integrationId === name)).toBe(true);
    expect(payloads[0]).toMatchObject({ status: 'active' });
    expect(payloads[0]).not.toHaveProperty('previous');
    expect(payloads[1]).toMatchObject({ status: 'active', previous: { status: 'active', configuration: {} } });
    expect(payloads[2]).toMatchObject({ spaceId: space.id, status: 'active' });
    expect(payloads[5]).toMatchObject({ siteId: site.body.id });
    expect(payloads[7]).toMatchObject({ previous: { configuration: {} } });
  });

  it('writes no event for a refused write, nor for a write rolled back after it emitted', async () => {
    const { organization, members, as, received } = await subscribed({ editor: 'edit' });
    const space = await createSpace(api, members.admin.token, organization.id, { title: 'Docs' });
    const page = await as().post(`/v1/spaces/${space.id}/content/pages`, { title: 'Intro', markdown: 'One.' });
    const before = (await received()).length;
    const count = async () => Number((await api.dataSource.query(`SELECT count(*) FROM events WHERE organization_id = $1`, [organization.id]))[0].count);
    const events = await count();

    expect((await as().patch(`/v1/orgs/${organization.id}/members/${members.admin.user.id}`, { role: 'read' })).status).toBe(409); // the last admin
    expect((await as().patch(`/v1/spaces/${space.id}/content/page/${page.body.id}`, { markdown: 'x' }, { headers: { 'If-Match': '"stale"' } })).status).toBe(412);
    expect((await as(members.editor.token).delete(`/v1/spaces/${space.id}`)).status).toBe(403);
    expect((await as().put(`/v1/orgs/${organization.id}/teams`, { title: 'T', members: ['not-a-member'] })).status).toBe(400);
    expect(await count()).toBe(events);

    // A merge fails after its content write emitted space_content_updated: both go, with the merge.
    const cr = await as().post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Fix' });
    await as().patch(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/content/page/${page.body.id}`, { markdown: 'Two.' });
    await api.dataSource.query(`
      CREATE FUNCTION refuse_merged_events() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.type = 'change_request_merged' THEN RAISE EXCEPTION 'merge events refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_merged_events BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_merged_events();`);
    try {
      const revision = (await as().get(`/v1/spaces/${space.id}`)).body.revision;
      const afterCr = await count();
      expect((await as().post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/merge`)).status).toBe(500);
      expect(await count()).toBe(afterCr);
      expect((await as().get(`/v1/spaces/${space.id}`)).body.revision).toBe(revision);
      expect((await as().get(`/v1/spaces/${space.id}/change-requests/${cr.body.id}`)).body.status).toBe('draft');
    } finally {
      await api.dataSource.query(`DROP TRIGGER refuse_merged_events ON events; DROP FUNCTION refuse_merged_events();`);
    }
    const payloads = await received();
    expect(payloads.slice(before).map((p) => p.type)).toEqual(['change_request_opened', 'change_request_updated']);
  });

  it('keeps the order of 200 concurrent writes, in sequence, each revision following the one before in its space', async () => {
    const { organization, members, as, received, receiver } = await subscribed();
    const spaces = await Promise.all([1, 2, 3, 4].map((n) => createSpace(api, members.admin.token, organization.id, { title: `Space ${n}` })));
    const writes = Array.from({ length: 200 }, (_, i) => as().post(`/v1/spaces/${spaces[i % 4].id}/content/pages`, { title: `Page ${i}`, markdown: `Body ${i}` }));
    const answers = await Promise.all(writes);
    expect(answers.every((res) => res.status === 201)).toBe(true);
    const payloads = (await received()).filter((p) => p.type === 'space_content_updated');
    expect(payloads).toHaveLength(200);
    // Delivered in the order of the sequence, which has no gap.
    const sequences = payloads.map((p) => p.sequence);
    expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => sequences[0] + i));
    expect(receiver.requests.length).toBe(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size);
    for (const space of spaces) {
      const chain = payloads.filter((p) => p.spaceId === space.id);
      expect(chain).toHaveLength(50);
      for (let i = 1; i < chain.length; i++) expect(chain[i].previousRevisionId).toBe(chain[i - 1].revisionId);
    }
    expect(new Set(payloads.flatMap((p) => p.pages.created))).toEqual(new Set(answers.map((res) => res.body.id)));
  });

  it("never sends an organization's events to another organization's webhook", async () => {
    const a = await subscribed();
    const b = await subscribed();
    await createSpace(api, a.members.admin.token, a.organization.id, { title: 'A only' });
    const outsider = await createUser(api);
    await a.as().post(`/v1/orgs/${a.organization.id}/invites`, { emails: [outsider.user.email] });
    await a.received();
    worker.get(EventDispatcher).wake();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(b.receiver.requests).toHaveLength(0);
    expect(a.receiver.requests.every((req) => req.json.organizationId === a.organization.id)).toBe(true);
  });
});
