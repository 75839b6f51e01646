import { OpenApiHostingJobsModule } from '@docs/openapi-hosting';
import { JobWorker, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase, TestResponse } from '@docs/platform/testing';
import { createSite } from '@docs/sites/testing';
import { ApiModule } from '../api.module';
import { DatabaseFingerprint } from './database-fingerprint';
import { DocumentContract } from './document-contract';
import { documentOperations, Operation } from './document-operations';
import { createFuzzWorld, FuzzWorld } from './fuzz-world';

/**
 * Requests on which the API and its own `/openapi.json` disagreed, found by the fuzz suite: each
 * is judged by the document first (a standard validator, Ajv, on the document as served), and the
 * API must agree. `refused`: the document refuses the request, and the API answers a 400 naming
 * the field and changes nothing. `accepted`: the document takes it, and the API serves it with an
 * answer the document describes (status, media type, schema). A case whose document and API
 * disagree again fails here, whatever seed the fuzz suite runs with.
 */
interface Case {
  label: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The operation's path in the document. */
  path: string;
  /** Path parameters besides the world's. */
  params?: Record<string, string>;
  body?: unknown;
  /** The words of the 400 that refuses it (it names the field), or that it is served. */
  expect: { refused: string } | 'accepted';
  /** What else an accepted answer must show (that it is the case meant). */
  check?: (res: TestResponse) => void;
}

const document = (nodes: unknown[], data: Record<string, unknown> = {}) => ({ object: 'document', data, nodes });
const MATH_WITHOUT_FORMULA = { object: 'block', type: 'math', data: {}, isVoid: true };

/** Bodies the reference's JSONDocument refuses, with the field the 400 names. */
const REFUSED_DOCUMENTS: [string, unknown, string][] = [
  ['a void block without nodes, and without its data', document([MATH_WITHOUT_FORMULA]), 'document.nodes[0].data.formula is required'],
  ['a block with the fields of another type', document([{ object: 'block', type: 'divider', isVoid: true, data: { formula: 'x^2' } }]), 'document.nodes[0].data: property formula should not exist'],
  ['a paragraph with the fields of a void block', document([{ object: 'block', type: 'paragraph', isVoid: true, data: {}, nodes: [] }]), 'document.nodes[0].isVoid must be one of the following values: false'],
  ['schemaVersion null', document([], { schemaVersion: null }), 'document.data.schemaVersion must not be null'],
];

/** What the reference's JSONDocument takes: a void block has no nodes, a schema version is an integer. */
const ACCEPTED_DOCUMENTS: [string, unknown][] = [
  ['a void block without nodes', document([{ object: 'block', type: 'math', data: { formula: 'x^2' }, isVoid: true }])],
  ['schemaVersion an integer', document([], { schemaVersion: 1 })],
];

/** Page and reusable-content writes, on the space and on a change request. */
const MOUNTS = ['/v1/spaces/{spaceId}/content', '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content'];
const DOCUMENT_WRITES: ['post' | 'patch', string, (document: unknown) => Record<string, unknown>][] = [
  ['post', '/pages', (body) => ({ title: 'Fuzz page', document: body })],
  ['patch', '/page/{pageId}', (body) => ({ document: body })],
  ['post', '/reusable-contents', (body) => ({ title: 'Fuzz include', document: body })],
  ['patch', '/reusable-contents/{reusableContentId}', (body) => ({ document: body })],
];

/** Pages of an answer (a page, a tree, a list of pages) that come without a body. */
function pagesWithoutBody(value: unknown): number {
  if (!value || typeof value !== 'object') return 0;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + pagesWithoutBody(item), 0);
  const record = value as Record<string, unknown>;
  const own = record['type'] === 'document' && typeof record['id'] === 'string' && !('document' in record) && !('markdown' in record) ? 1 : 0;
  return own + pagesWithoutBody(record['pages']);
}

const SOME_PAGE_WITHOUT_BODY = (res: TestResponse) => expect(pagesWithoutBody(res.body)).toBeGreaterThan(0);

/** A path template with the world's ids. */
function fillWorld(template: string, world: FuzzWorld): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => world.ids[name]);
}

const JSON_SPEC = JSON.stringify({ openapi: '3.1.0', info: { title: 'Fuzz', version: '1' }, paths: {} });

describe("the API agrees with its own OpenAPI document on what the fuzz found", () => {
  let database: TestDatabase;
  let t: TestApp;
  let operations: Operation[];
  let contract: DocumentContract;
  let fingerprint: DatabaseFingerprint;
  let world: FuzzWorld;
  /** Path parameters of the cases besides the world's. */
  const more: Record<string, string> = {};
  /** The child page made on each mount. */
  const children = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({ imports: [ApiModule], database });
    const raw = (await t.http.as(undefined).get('/openapi.json')).body;
    contract = new DocumentContract(raw);
    operations = await documentOperations(raw);
    fingerprint = await DatabaseFingerprint.of(t);
    world = await createFuzzWorld(t);
    const as = t.http.as(world.token);
    const { organizationId, spaceId, pageId } = world.ids;

    // A child page on each mount, so that a page's answer lists one without its body.
    for (const mount of MOUNTS) {
      const child = await as.post(`${fillWorld(mount, world)}/pages`, { title: 'Fuzz child', parent: pageId, markdown: 'Child text.' });
      expect(child.status).toBe(201);
      children.set(mount, child.body.id);
    }
    // A second space beside the world's (in its collection), for a move before a sibling.
    const sibling = await as.post(`/v1/orgs/${organizationId}/spaces`, { title: 'Fuzz sibling', parent: world.ids['collectionId'] });
    more['siblingSpaceId'] = sibling.body.id;
    // A published site of the world's space, to search.
    const site = await createSite(t, world.token, organizationId, { spaces: [spaceId] });
    more['siteId'] = site.id;
    more['siteSpaceId'] = (await as.get(`/v1/orgs/${organizationId}/sites/${site.id}/site-spaces`)).body.items[0].id;
    expect((await as.post(`/v1/orgs/${organizationId}/sites/${site.id}/publish`)).status).toBe(200);

    // A public JSON spec, processed by a worker, whose files are then served as JSON.
    const specPath = `/v1/orgs/${organizationId}/openapi/fuzz-json`;
    expect((await as.post(`/v1/orgs/${organizationId}/openapi`, { slug: 'fuzz-json', source: { text: JSON_SPEC } })).status).toBe(201);
    expect((await as.patch(specPath, { visibility: 'public' })).status).toBe(200);
    const worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, OpenApiHostingJobsModule], database });
    await worker.get(JobWorker).start({ schedule: false });
    let version: { url: string } | undefined;
    await eventually(async () => {
      const latest = await as.get(`${specPath}/versions/latest`);
      expect(latest.status).toBe(200);
      version = latest.body;
    }, 20_000);
    // No run goes on behind the cases (refused ones must find the database as it was).
    await worker.close();
    const [, , versionId, signature, ...file] = new URL(version!.url).pathname.split('/');
    Object.assign(more, { versionId, signature, path: file.join('/'), jsonSpecSlug: 'fuzz-json' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  const cases = (): Case[] => [
    ...MOUNTS.flatMap((mount) =>
      DOCUMENT_WRITES.flatMap(([method, route, body]) => [
        ...REFUSED_DOCUMENTS.map(([label, value, names]): Case => ({ label: `${label}: refused`, method, path: `${mount}${route}`, body: body(value), expect: { refused: names } })),
        ...ACCEPTED_DOCUMENTS.map(([label, value]): Case => ({ label: `${label}: accepted`, method, path: `${mount}${route}`, body: body(value), expect: 'accepted' })),
      ]),
    ),
    // Pages answered without a body: trees, moves, an update without format.
    ...MOUNTS.flatMap((mount): Case[] => [
      { label: 'the tree', method: 'get', path: `${mount}/pages`, expect: 'accepted', check: SOME_PAGE_WITHOUT_BODY },
      { label: 'an update without format', method: 'patch', path: `${mount}/page/{pageId}`, body: { title: 'Fuzz page renamed' }, expect: 'accepted', check: SOME_PAGE_WITHOUT_BODY },
      { label: 'a move', method: 'post', path: `${mount}/page/{pageId}/move`, params: { pageId: children.get(mount)! }, body: { parent: null }, expect: 'accepted' },
      { label: 'the moved page back under its parent', method: 'post', path: `${mount}/page/{pageId}/move`, params: { pageId: children.get(mount)! }, body: { parent: world.ids['pageId'] }, expect: 'accepted' },
      { label: 'a parent page, with its child without a body', method: 'post', path: `${mount}/page/{pageId}/move`, body: { parent: null }, expect: 'accepted', check: SOME_PAGE_WITHOUT_BODY },
    ]),
    // What each page type takes.
    ...MOUNTS.flatMap((mount): Case[] => [
      { label: 'a link without href', method: 'post', path: `${mount}/pages`, body: { title: 'Fuzz link', type: 'link' }, expect: { refused: 'href is required for a link page' } },
      { label: 'a link with a body', method: 'post', path: `${mount}/pages`, body: { title: 'Fuzz link', type: 'link', href: 'https://example.com', markdown: 'x' }, expect: { refused: 'A link page has no body' } },
      { label: 'a group with a body', method: 'post', path: `${mount}/pages`, body: { title: 'Fuzz group', type: 'group', markdown: 'x' }, expect: { refused: 'A group page has no body' } },
      { label: 'a body in both forms', method: 'post', path: `${mount}/pages`, body: { title: 'Fuzz page', markdown: 'x', document: document([]) }, expect: { refused: 'not both' } },
      { label: 'a document page with href', method: 'patch', path: `${mount}/page/{pageId}`, body: { type: 'document', href: 'https://example.com' }, expect: { refused: 'href is only for link pages' } },
      { label: 'a link', method: 'post', path: `${mount}/pages`, body: { title: 'Fuzz link', type: 'link', href: 'https://example.com' }, expect: 'accepted' },
    ]),
    { label: 'a space before its sibling', method: 'post', path: '/v1/spaces/{spaceId}/move', body: { position: { before: { type: 'space', space: more['siblingSpaceId'] } } }, expect: 'accepted' },
    // Spec sources and comment bodies: each form of their one-of.
    { label: 'a spec given as text', method: 'post', path: '/v1/orgs/{organizationId}/openapi', body: { slug: 'fuzz-text', source: { text: 'Q' } }, expect: 'accepted' },
    { label: 'a spec replaced by text', method: 'put', path: '/v1/orgs/{organizationId}/openapi/{specSlug}', body: { source: { text: 'Q' } }, expect: 'accepted' },
    { label: 'a spec replaced by a URL', method: 'put', path: '/v1/orgs/{organizationId}/openapi/{specSlug}', body: { source: { url: 'https://example.com/openapi.yaml' } }, expect: 'accepted' },
    { label: 'a spec source with both forms', method: 'post', path: '/v1/orgs/{organizationId}/openapi', body: { slug: 'fuzz-both', source: { text: 'Q', url: 'https://example.com/openapi.yaml' } }, expect: { refused: 'source must have url or text, not both' } },
    { label: 'a spec source with neither form', method: 'post', path: '/v1/orgs/{organizationId}/openapi', body: { slug: 'fuzz-none', source: {} }, expect: { refused: 'source must have url' } },
    { label: 'a comment as markdown', method: 'post', path: '/v1/spaces/{spaceId}/comments', body: { body: { markdown: 'b' } }, expect: 'accepted' },
    { label: 'a comment as a document', method: 'post', path: '/v1/spaces/{spaceId}/comments', body: { body: { document: document([{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'b', marks: [] }] }] }]) } }, expect: 'accepted' },
    { label: 'a comment edited as markdown', method: 'put', path: '/v1/spaces/{spaceId}/comments/{commentId}', body: { body: { markdown: 'b' } }, expect: 'accepted' },
    { label: 'a reply edited as markdown', method: 'put', path: '/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', body: { body: { markdown: 'b' } }, expect: 'accepted' },
    { label: 'a reply as markdown', method: 'post', path: '/v1/spaces/{spaceId}/comments/{commentId}/replies', body: { body: { markdown: 'b' } }, expect: 'accepted' },
    { label: 'a comment with both forms', method: 'post', path: '/v1/spaces/{spaceId}/comments', body: { body: { markdown: 'b', document: document([]) } }, expect: { refused: 'body must have exactly one of markdown or document' } },
    { label: 'a comment with neither form', method: 'post', path: '/v1/spaces/{spaceId}/comments', body: { body: {} }, expect: { refused: 'body must have exactly one of markdown or document' } },
    { label: 'a comment whose document has a void block without its data', method: 'post', path: '/v1/spaces/{spaceId}/comments', body: { body: { document: document([MATH_WITHOUT_FORMULA]) } }, expect: { refused: 'body.document.nodes[0].data.formula is required' } },
    // Site search: an empty query, with each way to say where.
    ...[
      { scope: { mode: 'all' } },
      { scope: { mode: 'default', currentSiteSpace: more['siteSpaceId'] } },
      { scope: { mode: 'specific', siteSpaceIds: [more['siteSpaceId']] } },
      { mode: 'all' },
      { mode: 'current', siteSpaceId: more['siteSpaceId'] },
      { mode: 'specific', siteSpaceIds: [more['siteSpaceId']] },
      { siteSpaceIds: [more['siteSpaceId']] },
    ].map((where): Case => ({ label: `an empty query, ${JSON.stringify(where)}`, method: 'post', path: '/v1/orgs/{organizationId}/sites/{siteId}/search', body: { query: '', ...where }, expect: 'accepted' })),
    { label: 'a search with scope and mode', method: 'post', path: '/v1/orgs/{organizationId}/sites/{siteId}/search', body: { query: '', scope: { mode: 'all' }, mode: 'all' }, expect: { refused: 'not both' } },
    // Spec files: a JSON file is served as the JSON it is; its path is 1 to 2048 characters.
    { label: 'a JSON spec file by its signed URL', method: 'get', path: '/spec-files/{versionId}/{signature}/{path}', expect: 'accepted', check: (res) => expect(res.body).toMatchObject({ openapi: '3.1.0' }) },
    { label: 'a JSON spec file of a public spec', method: 'get', path: '/published-specs/{organizationId}/{specSlug}/{path}', params: { specSlug: more['jsonSpecSlug'] }, expect: 'accepted', check: (res) => expect(res.body).toMatchObject({ openapi: '3.1.0' }) },
    { label: 'a spec file path over 2048 characters', method: 'get', path: '/spec-files/{versionId}/{signature}/{path}', params: { path: 'x'.repeat(2049) }, expect: { refused: 'path must be 1 to 2048 characters' } },
    { label: 'a public spec file path over 2048 characters', method: 'get', path: '/published-specs/{organizationId}/{specSlug}/{path}', params: { specSlug: more['jsonSpecSlug'], path: 'x'.repeat(2049) }, expect: { refused: 'path must be 1 to 2048 characters' } },
  ];

  it('each case: the document and the API agree (refused: a 400 naming the field, nothing stored; accepted: served as documented)', async () => {
    const failures: string[] = [];
    const volatile = await fingerprint.volatile(world.token);
    for (const c of cases()) {
      const where = `${c.method.toUpperCase()} ${c.path} [${c.label}]`;
      const op = operations.find((candidate) => candidate.method === c.method && candidate.path === c.path);
      if (!op) {
        failures.push(`${where}: no such operation in the document`);
        continue;
      }
      const params = Object.fromEntries(op.pathParams.map((name) => [name, c.params?.[name] ?? more[name] ?? world.ids[name]]));
      const missing = op.pathParams.filter((name) => params[name] === undefined);
      if (missing.length > 0) {
        failures.push(`${where}: no value for ${missing.join(', ')}`);
        continue;
      }
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
      const judged = contract.requestProblems(op, { body: c.body, pathParams: params });
      const before = await fingerprint.take(volatile);
      // The test client throws on a 2xx body the reference refuses (a document stored as sent).
      const res = await t.http.send(c.method, path, world.token, c.body).catch((error: Error) => ({ status: 0, text: error.message.slice(0, 500) }) as TestResponse);
      const after = await fingerprint.take(volatile);
      if (res.status === 0) {
        failures.push(`${where}: ${res.text}`);
        continue;
      }
      const problems = contract.responseProblems(op, res);
      if (c.expect === 'accepted') {
        if (judged.length > 0) problems.push(`the document refuses it: ${judged.join('; ')}`);
        if (res.status >= 300) problems.push(`not served: ${res.status} ${res.text.slice(0, 300)}`);
        else if (c.check) {
          try {
            c.check(res);
          } catch (error) {
            problems.push((error as Error).message.split('\n').slice(0, 4).join(' '));
          }
        }
      } else {
        if (judged.length === 0) problems.push('the document takes it');
        if (res.status !== 400) problems.push(`expected 400, got ${res.status}: ${res.text.slice(0, 300)}`);
        else if (!String(res.body?.error?.message).includes(c.expect.refused)) problems.push(`the 400 does not say "${c.expect.refused}": ${res.body?.error?.message}`);
        if (before !== after) problems.push(`the database changed (${DatabaseFingerprint.changedTables(before, after).join(', ')})`);
      }
      if (problems.length > 0) failures.push(`${where}: ${problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
  });
});
