import { createOrganization, TEST_IDP_CERTIFICATE } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { ApiModule } from './api.module';

/**
 * Input rules applied by the one validation pipe to every operation (docs/api-decisions.md,
 * "Input rules"): each reproduction of issue 7, item 3, over HTTP against the real routes.
 */
describe('input rules at the edge', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
  });
  afterAll(() => t.close());

  const NUL = '\u0000';

  it('a NUL character in a body string, nested or not, is a 400 naming the field, and nothing is stored', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const before = await as.get(`/v1/orgs/${organization.id}/spaces`);

    const title = await as.post(`/v1/orgs/${organization.id}/spaces`, { title: `a${NUL}b` });
    expect(title.status).toBe(400);
    expect(title.body.error.message).toBe('title must not contain the NUL character (U+0000)');

    const space = (await as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'mover' })).body;
    const nested = await as.post(`/v1/spaces/${space.id}/move`, { position: { before: { type: 'space', space: `x${NUL}` } } });
    expect(nested.status).toBe(400);
    expect(nested.body.error.message).toContain('position.before.space must not contain the NUL character');

    const org = await as.post('/v1/orgs', { title: `Org${NUL}` });
    expect(org.status).toBe(400);
    const invite = await as.post(`/v1/orgs/${organization.id}/invites`, { emails: ['a@example.com', `b${NUL}@example.com`] });
    expect(invite.status).toBe(400);
    expect(invite.body.error.message).toContain('emails[1] must not contain the NUL character');

    const after = await as.get(`/v1/orgs/${organization.id}/spaces`);
    expect(after.body.count).toBe(before.body.count + 1); // only "mover"
  });

  it('a NUL character in a query or a path is a 400 naming the parameter', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const query = await as.get(`/v1/orgs/${organization.id}/members`, { query: { search: `a${NUL}` } });
    expect(query.status).toBe(400);
    expect(query.body.error.message).toBe('search must not contain the NUL character (U+0000)');

    const path = await as.get(`/v1/spaces/abc%00def`);
    expect(path.status).toBe(400);
    expect(path.body.error.message).toBe('spaceId must not contain the NUL character (U+0000)');
    expect((await as.get(`/v1/orgs/${organization.id}%00`)).status).toBe(400);
    expect((await as.get(`/v1/orgs/${organization.id}/teams/x%00`)).status).toBe(400);
  });

  it('SAML provider PATCH: null for a non-nullable field is a 400 and changes nothing', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const created = await as.post(`/v1/orgs/${organization.id}/saml`, {
      label: 'Okta',
      entityID: 'http://www.okta.com/exk1',
      certificate: TEST_IDP_CERTIFICATE,
      ssoURL: 'https://example.okta.com/sso/saml',
    });
    const path = `/v1/orgs/${organization.id}/saml/${created.body.id}`;
    for (const field of ['certificate', 'label', 'entityID', 'ssoURL']) {
      const res = await as.patch(path, { [field]: null });
      expect([field, res.status, res.body.error?.message]).toEqual([field, 400, `${field} must not be null (omit it instead)`]);
    }
    const after = await as.get(path);
    expect(after.body).toEqual(created.body);
    // Where null means something, it is still accepted.
    expect((await as.patch(path, { defaultRole: null, defaultTeam: null })).status).toBe(200);
  });

  it('strings are trimmed before they are validated: a blank organization title is a 400', async () => {
    const { members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const blank = await as.post('/v1/orgs', { title: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('title must be longer than or equal to 2 characters');
    const short = await as.post('/v1/orgs', { title: ' a ' });
    expect(short.status).toBe(400);
    const padded = await as.post('/v1/orgs', { title: '  Acme  ' });
    expect(padded.status).toBe(201);
    expect(padded.body.title).toBe('Acme');
    const list = await as.get('/v1/orgs');
    expect(list.status).toBe(200); // validated against the reference schema by the test client
    expect(list.body.items.map((o: { title: string }) => o.title)).not.toContain('');
  });

  it('a JSON body that is not an object is a 400; nothing is created', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    for (const raw of ['null', '[]', '"x"', '42', 'true']) {
      const res = await as.post(`/v1/orgs/${organization.id}/collections`, undefined, { raw });
      expect([raw, res.status]).toEqual([raw, 400]);
      expect(res.body.error.message).toMatch(/^The request body must be a JSON object/);
    }
    expect((await as.get(`/v1/orgs/${organization.id}/collections`)).body.count).toBe(0);
    // An absent body still counts as {}: defaults apply.
    const absent = await as.post(`/v1/orgs/${organization.id}/collections`);
    expect(absent.status).toBe(201);
    expect(absent.body.title).toBe('Untitled');
  });

  it('null is refused where a field is optional but not nullable, in every domain', async () => {
    const { organization, members } = await createOrganization(t, { reader: 'read' });
    const as = t.http.as(members.admin.token);
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['post', '/v1/orgs', { title: 'Acme', type: null }, 'type'],
      ['post', `/v1/orgs/${organization.id}/invites`, { emails: ['z@example.com'], sso: null }, 'sso'],
      ['post', `/v1/orgs/${organization.id}/collections`, { title: null }, 'title'],
      ['post', `/v1/orgs/${organization.id}/spaces`, { title: 'x', editMode: null }, 'editMode'],
      ['put', `/v1/orgs/${organization.id}/teams`, { title: 'T', members: null }, 'members'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await (as as unknown as Record<string, (p: string, b: unknown) => Promise<{ status: number; body: any }>>)[method](path, body);
      expect([path, res.status, res.body.error?.message]).toEqual([path, 400, `${field} must not be null (omit it instead)`]);
    }
    // Where null means something, it is accepted.
    expect((await as.patch(`/v1/orgs/${organization.id}/members/${members.reader.user.id}`, { role: null })).status).toBe(200);
  });

  it('a missing required field "is required"', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    expect((await as.post('/v1/orgs', {})).body.error.message).toBe('title is required');
    expect((await as.post(`/v1/orgs/${organization.id}/saml`, {})).body.error.message).toBe('label is required');
    expect((await as.post(`/v1/orgs/${organization.id}/invites`, { role: 'read' })).body.error.message).toBe('emails is required');
    const space = (await as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'x' })).body;
    const nested = await as.post(`/v1/spaces/${space.id}/move`, { position: { before: {} } });
    expect(nested.body.error.message).toBe('position.before.type is required');
    // Other failures are still reported beside it.
    const both = await as.post(`/v1/orgs/${organization.id}/saml`, { ssoURL: 'nope' });
    expect(both.body.error.message).toBe('label is required; ssoURL must be an absolute http(s) URL');
  });

  it('a "__proto__" key supplies no field: it is an unknown field like any other', async () => {
    const { members } = await createOrganization(t);
    const res = await t.http.as(members.admin.token).post('/v1/orgs', undefined, { raw: '{"__proto__": {"title": "Evil Corp"}}' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('property __proto__ should not exist; title is required');
  });

  it('unknown fields named after Object.prototype members are refused like any other, at any depth, and nothing changes', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    for (const name of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'prototype']) {
      const raw = `{"title": "Acme", ${JSON.stringify(name)}: {"x": 1}}`;
      const top = await as.post(`/v1/orgs/${organization.id}/collections`, undefined, { raw });
      expect([name, top.status, top.body.error?.message]).toEqual([name, 400, `property ${name} should not exist`]);
      const space = (await as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'mover' })).body;
      const nested = await as.post(`/v1/spaces/${space.id}/move`, undefined, { raw: `{"position": {"before": {"type": "space", "space": "x", ${JSON.stringify(name)}: 1}}}` });
      expect([name, nested.status, nested.body.error?.message]).toEqual([name, 400, `position.before.${name}: property ${name} should not exist`]);
    }
    expect((await as.get(`/v1/orgs/${organization.id}/collections`)).body.count).toBe(0);
  });

  it('free-form values keep keys named after Object.prototype members, as sent', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const space = (await as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'vars' })).body;
    const raw = '{"variables": {"constructor": "c", "__proto__": "p", "toString": "t", "valueOf": 1, "hasOwnProperty": true, "plain": "x"}}';
    const put = await as.put(`/v1/spaces/${space.id}/content/variables`, undefined, { raw });
    expect(put.status).toBe(200);
    // Every name, as an own field (PostgreSQL's jsonb orders keys its own way).
    const entries = (value: object) => Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    const expected = entries(JSON.parse('{"constructor": "c", "__proto__": "p", "toString": "t", "valueOf": 1, "hasOwnProperty": true, "plain": "x"}'));
    expect(entries(put.body)).toEqual(expected);
    const read = await as.get(`/v1/spaces/${space.id}/content`);
    expect(entries(read.body.variables)).toEqual(expected);
  });

  it('an array where an object is declared is refused: it used to pass the nested-object check', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const space = (await as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'mover' })).body;
    const before = (await as.get(`/v1/orgs/${organization.id}/spaces`)).body;
    for (const body of [{ position: [] }, { position: [{ before: { type: 'space', space: space.id } }] }, { parent: null, position: { before: [] } }]) {
      const res = await as.post(`/v1/spaces/${space.id}/move`, body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.body.error.message).toMatch(/must be an object, not an array/);
    }
    expect((await as.get(`/v1/orgs/${organization.id}/spaces`)).body).toEqual(before);
  });

  it('a body nested deeper than the limit is a 400 naming the limit, whatever the route, objects or arrays', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const space = (await as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'deep' })).body;
    const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const arrays = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const [path, raw] of [
      [`/v1/orgs/${organization.id}/collections`, `{"title": "x", "extra": ${arrays}}`],
      [`/v1/spaces/${space.id}/content/pages`, `{"title": "x", "document": ${objects}}`],
      [`/v1/spaces/${space.id}/move`, `{"position": ${objects}}`],
      ['/v1/orgs', arrays],
    ] as const) {
      const res = await as.post(path, undefined, { raw });
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.error.message).toMatch(path === '/v1/orgs' ? /must be a JSON object/ : / nests arrays and objects deeper than 512 levels/);
    }
    // At the limit, the input is walked and judged on its merits.
    let object: unknown = 1;
    for (let i = 0; i < 510; i++) object = { a: object };
    const atLimit = await as.post(`/v1/orgs/${organization.id}/collections`, { title: 'x', extra: object });
    expect(atLimit.body.error.message).toBe('property extra should not exist');
  });

  it('a NUL in any path segment, query value or header is a 400 in the error shape, and never reaches the database', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const space = (await as.post(`/v1/orgs/${organization.id}/spaces`, { title: 'paths' })).body;
    // The path of a page is a wildcard (several segments): each is held to the rule.
    for (const path of [`content/path/a%00b`, `content/path/guide/a%00b`, `content/path/%00`]) {
      const res = await as.get(`/v1/spaces/${space.id}/${path}`);
      expect([path, res.status, res.body.error?.message]).toEqual([path, 400, 'pagePath must not contain the NUL character (U+0000)']);
    }
    // A route without a query DTO reads no query, but a NUL there is still refused.
    const user = await as.get('/v1/user?anything=a%00b');
    expect([user.status, user.body.error?.message]).toEqual([400, 'anything must not contain the NUL character (U+0000)']);
    const name = await as.get('/v1/user?a%00b=1');
    expect(name.status).toBe(400);
    // Node refuses a NUL in a header or a raw one in the request line before any route: the answer has the error shape all the same.
    const header = await t.http.raw('GET', '/v1/user', [`Authorization: Bearer ${members.admin.token}`, 'X-Request-Id: a\u0000b']);
    expect(header.status).toBe(400);
    expect(header.body.error.message).toMatch(/must not contain control characters such as NUL/);
    const line = await t.http.raw('GET', '/v1/spaces/a\u0000b', [`Authorization: Bearer ${members.admin.token}`]);
    expect(line.status).toBe(400);
    expect(line.body.error.message).toMatch(/must not contain control characters such as NUL/);
  });

  it('a repeated query parameter is a clear 400', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const res = await as.get(`/v1/orgs/${organization.id}/members?limit=1&limit=2`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('limit is given more than once: give this query parameter once');
    expect((await as.get(`/v1/orgs/${organization.id}/spaces?page=a&page=b`)).body.error.message).toBe(
      'page is given more than once: give this query parameter once',
    );
  });

  it('ids echoed in messages are cut to a sane length', async () => {
    const { organization, members } = await createOrganization(t);
    const as = t.http.as(members.admin.token);
    const long = 'x'.repeat(5000);
    const space = await as.get(`/v1/spaces/${long}`);
    expect(space.status).toBe(404);
    expect(space.body.error.message).toBe(`No space has the id ${'x'.repeat(64)}….`);
    const parent = await as.post(`/v1/orgs/${organization.id}/collections`, { parent: long });
    expect(parent.status).toBe(404);
    expect(parent.body.error.message.length).toBeLessThan(200);
    const field = await as.post(`/v1/orgs/${organization.id}/collections`, { [long]: 1 });
    expect(field.status).toBe(400);
    expect(field.body.error.message.length).toBeLessThan(200);
    const route = await as.get(`/v1/nothing/${long}`);
    expect(route.status).toBe(404);
    expect(route.body.error.message.length).toBeLessThan(200);
  });
});
