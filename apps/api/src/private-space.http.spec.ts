import { createCollection, createSpace, setDefaultLevel } from '@docs/content/testing';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, TestResponse } from '@docs/platform/testing';
import { ApiModule } from './api.module';
import { documentOperations, Operation } from './fuzz/document-operations';
import { extensionContract } from './fuzz/extension-contracts';
import { Schema } from './fuzz/schema-arbitrary';

/**
 * A private space (default level none, granted to one member) and a private collection: a member
 * of the same organization without a grant learns nothing of them. Every GET operation of
 * `/openapi.json` is walked as that member (new operations are walked as soon as they are
 * served), first with the ids of what they can see, then with the private objects' ids:
 * - no 2xx answer names a private id or title (lists, counts, search hits, links and backlinks,
 *   change requests, comments...), and the counts of the lists they see agree with what an admin
 *   sees less the private space;
 * - an operation addressed to a private object answers 404, exactly as for an id that exists
 *   nowhere (never 403, never a 2xx).
 */
describe('a private space, to a member without a grant', () => {
  let t: TestApp;
  let operations: Operation[];
  let world: Awaited<ReturnType<typeof createWorld>>;

  const SECRET = 'Quillfeather';

  async function createWorld() {
    const { organization, members } = await createOrganization(t, { insider: 'edit', member: 'edit' });
    const admin = t.http.as(members.admin.token);
    const insider = t.http.as(members.insider.token);
    const hidden = await createCollection(t, members.admin.token, organization.id, { title: `${SECRET} collection` });
    await setDefaultLevel(t, members.admin.token, { object: 'collection', id: hidden.id }, null);
    const space = await createSpace(t, members.admin.token, organization.id, { title: `${SECRET} space` });
    await setDefaultLevel(t, members.admin.token, { object: 'space', id: space.id }, null);
    const granted = await admin.post(`/v1/spaces/${space.id}/permissions`, { role: 'edit', users: [members.insider.user.id] });
    if (granted.status !== 204) throw new Error(`grant: ${granted.status} ${granted.text}`);
    // What the member sees: a space of the organization, with a page the private page links to (its backlinks).
    const open = await createSpace(t, members.admin.token, organization.id, { title: 'Open space' });
    const openPage = await admin.post(`/v1/spaces/${open.id}/content/pages`, { title: 'Open page', markdown: 'Open text.' });
    const page = await insider.post(`/v1/spaces/${space.id}/content/pages`, {
      title: `${SECRET} page`,
      markdown: `${SECRET} text, see [the open page](ref:space/${open.id}/page/${openPage.body.id}).`,
    });
    const changeRequest = await insider.post(`/v1/spaces/${space.id}/change-requests`, { subject: `${SECRET} change` });
    const comment = await insider.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: `${SECRET} comment` } });
    const openChange = await admin.post(`/v1/spaces/${open.id}/change-requests`, { subject: 'Open change' });
    const openComment = await admin.post(`/v1/spaces/${open.id}/comments`, { body: { markdown: 'Open comment' } });
    for (const res of [page, changeRequest, openPage, openChange]) if (res.status !== 201) throw new Error(`world: ${res.status} ${res.text}`);
    for (const res of [comment, openComment]) if (res.status !== 200) throw new Error(`world: ${res.status} ${res.text}`);
    const common = { organizationId: organization.id, userId: members.member.user.id };
    return {
      members,
      secrets: [SECRET, space.id, hidden.id, page.body.id, changeRequest.body.id, comment.body.id],
      visible: { ...common, spaceId: open.id, collectionId: 'nowhere', changeRequestId: openChange.body.id, pageId: openPage.body.id, commentId: openComment.body.id, revisionId: open.revision },
      secret: { ...common, spaceId: space.id, collectionId: hidden.id, changeRequestId: changeRequest.body.id, pageId: page.body.id, commentId: comment.body.id, revisionId: space.revision },
      privateSpaceId: space.id,
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
    const raw = (await t.http.as(undefined).get('/openapi.json')).body;
    operations = (await documentOperations(raw)).filter((op) => op.method === 'get');
    world = await createWorld();
  });
  afterAll(() => t.close());

  /** The required query parameters of an operation, filled: strings with the secret word (search finds it if it leaks). */
  function queryOf(operation: Operation): Record<string, string> {
    const query: Record<string, string> = {};
    for (const parameter of operation.query) {
      if (!parameter['required']) continue;
      const schema = (parameter['schema'] ?? {}) as Schema;
      query[parameter['name']] = schema['enum'] ? String(schema['enum'][0]) : schema['type'] === 'integer' || schema['type'] === 'number' ? '1' : schema['type'] === 'boolean' ? 'true' : SECRET;
    }
    return query;
  }

  const pathOf = (operation: Operation, ids: Record<string, string>) =>
    operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(ids[name] ?? 'nowhere'));

  /** As the member; 2xx bodies judged as the fuzz suites judge them (the reference, or an extension's contract). */
  const get = (operation: Operation, path: string, query: Record<string, string>): Promise<TestResponse> =>
    t.http.send('get', path, world.members.member.token, undefined, { query, contract: extensionContract(operation.path, 'get') });

  it('walks real operations (the grant holder sees the space)', async () => {
    expect(operations.length).toBeGreaterThan(50);
    expect((await t.http.as(world.members.insider.token).get(`/v1/spaces/${world.privateSpaceId}`)).status).toBe(200);
    expect((await t.http.as(world.members.member.token).get(`/v1/spaces/${world.privateSpaceId}`)).status).toBe(404);
    // What the walk looks for is there for the grant holder: the space in their list, the private page among the open page's backlinks.
    const insider = t.http.as(world.members.insider.token);
    expect((await insider.get(`/v1/orgs/${world.visible.organizationId}/spaces`)).text).toContain(SECRET);
    expect((await insider.get(`/v1/spaces/${world.visible.spaceId}/content/page/${world.visible.pageId}/backlinks`)).text).toContain(world.secret.pageId);
  });

  it('names nothing private in any answer to the ids the member sees', async () => {
    const leaks: string[] = [];
    let answered = 0;
    for (const operation of operations) {
      const res = await get(operation, pathOf(operation, world.visible), queryOf(operation));
      if (res.status < 200 || res.status >= 300) continue;
      answered++;
      const text = typeof res.text === 'string' ? res.text : JSON.stringify(res.body);
      for (const secret of world.secrets) if (text.includes(secret)) leaks.push(`GET ${operation.path} names ${secret}`);
    }
    expect(leaks).toEqual([]);
    expect(answered).toBeGreaterThan(20);
  });

  it('answers 404 to every operation addressed to a private object, as to an id that exists nowhere', async () => {
    const private_ = Object.entries(world.secret).filter(([name, id]) => id !== (world.visible as Record<string, string>)[name]).map(([name]) => name);
    const differences: string[] = [];
    for (const operation of operations) {
      if (!operation.pathParams.some((name) => private_.includes(name))) continue;
      const res = await get(operation, pathOf(operation, world.secret), queryOf(operation));
      const nowhere = await get(operation, pathOf(operation, Object.fromEntries(Object.entries(world.secret).map(([name, id]) => [name, private_.includes(name) ? 'nowhere' : id]))), queryOf(operation));
      if (res.status !== 404 || nowhere.status !== 404) differences.push(`GET ${operation.path}: ${res.status} (unknown id: ${nowhere.status})`);
    }
    expect(differences).toEqual([]);
  });

  it('counts only what the member sees', async () => {
    const base = `/v1/orgs/${world.visible.organizationId}`;
    const member = await t.http.as(world.members.member.token).get(`${base}/spaces`);
    const admin = await t.http.as(world.members.admin.token).get(`${base}/spaces`);
    expect(member.body.count).toBe(admin.body.count - 1);
    expect(member.body.count).toBe(member.body.items.length);
    const collections = await t.http.as(world.members.member.token).get(`${base}/collections`);
    expect(collections.body.count).toBe(collections.body.items.length);
    const mine = await t.http.as(world.members.member.token).get(`${base}/members/${world.members.member.user.id}/spaces`);
    expect(mine.body.count).toBe(member.body.count);
  });
});
