import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { JobQueue, JobWorker, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenApiHostingJobsModule } from '../openapi-hosting-jobs.module';
import { OpenApiHostingModule } from '../openapi-hosting.module';
import { RefreshSpecsJob } from './spec-jobs';

/** What the test server answers for a path: a body (string), or a handler of its own. */
type Route = string | ((req: IncomingMessage, res: ServerResponse) => void);

const PETS_V1 = `openapi: 3.1.0
info:
  title: Pets
  version: "1"
paths:
  /pets:
    get:
      responses:
        "200":
          description: The pets
`;
const PETS_V2 = PETS_V1.replace('The pets', 'All the pets');

const SPLIT_ENTRY = `openapi: 3.0.3
info: {title: Split, version: "2"}
paths:
  /pets/{id}:
    get:
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses:
        "200":
          description: A pet
          content:
            application/json:
              schema: {$ref: "schemas/pet.yaml#/Pet"}
        default:
          description: An error
          content:
            application/json:
              schema: {$ref: "../shared/errors.yaml#/Error"}
`;
const SPLIT_PET = `Pet:
  type: object
  properties:
    name: {type: string}
    owner: {$ref: "owner.yaml"}
`;
const SPLIT_OWNER = `type: object\nproperties:\n  email: {type: string}\n`;
const SPLIT_ERRORS = `Error:\n  type: object\n  properties:\n    message: {type: string}\n`;

const SWAGGER = JSON.stringify({ swagger: '2.0', info: { title: 'Legacy', version: '1.0' }, paths: { '/ping': { get: { responses: { 200: { description: 'pong' } } } } } });

describe('the fetch job: specs fetched, parsed and versioned by the worker', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  let server: Server;
  let origin: string;
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const route = routes.get(path);
      if (route === undefined) return void res.writeHead(404).end('not here');
      if (typeof route === 'string') return void res.writeHead(200, { 'Content-Type': path.endsWith('.json') ? 'application/json' : 'application/yaml' }).end(route);
      route(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // OPENAPI_REFRESH_INTERVAL: test apps turn it off by default; the sweep's test needs one (the
    // worker schedules nothing here: its sweeps are enqueued by the test). FETCH_TIMEOUT_MS leaves
    // a local fetch room on a loaded machine, where the worker's first parse can hold the event loop.
    const env = {
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      FETCH_TIMEOUT_MS: '3000',
      OPENAPI_MAX_BYTES: '20000',
      OPENAPI_MAX_FILES: '6',
      OPENAPI_REFRESH_INTERVAL: '1h',
      WORKER_CONCURRENCY: '2',
    };
    database = await createTestDatabase();
    api = await createTestApp({ imports: [IdentityModule, OpenApiHostingModule], database, env });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, OpenApiHostingJobsModule], database, env });
    await worker.get(JobWorker).start({ schedule: false });
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await database.drop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The spec once its runs are over (complete), or once `until` holds. */
  async function settled(as: ReturnType<TestApp['http']['as']>, path: string, until: (spec: any) => boolean = (spec) => spec.processingState === 'complete'): Promise<any> {
    let spec: any;
    await eventually(async () => {
      spec = (await as.get(path)).body;
      expect(until(spec)).toBe(true);
    }, 20_000);
    return spec;
  }

  it('fetches, parses and versions a URL spec; the same content again makes no version, a changed one does', async () => {
    routes.set('/pets.yaml', PETS_V1);
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const path = `/v1/orgs/${organization.id}/openapi/pets`;
    expect((await as.post(`/v1/orgs/${organization.id}/openapi`, { slug: 'pets', source: { url: `${origin}/pets.yaml` } })).status).toBe(201);

    const first = await settled(as, path);
    expect(first.lastVersion).toEqual(expect.any(String));
    expect(first.lastProcessErrorCode).toBeUndefined();
    expect(first.lastProcessedAt).toEqual(expect.any(String));

    const latest = await as.get(`${path}/versions/latest`);
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ object: 'openapi-spec-version', id: first.lastVersion, urls: { location: `http://api.test${path}/versions/${first.lastVersion}` } });
    const content = await as.get(`${path}/versions/latest/content`);
    expect(content.status).toBe(200);
    expect(Object.keys(content.body.filesystem)).toEqual(['pets.yaml']);
    expect(content.body.filesystem['pets.yaml'].paths['/pets'].get.responses['200'].description).toBe('The pets');
    expect(content.body.url).toBe(latest.body.url);
    // The URL serves the file as fetched, without a token.
    const served = await api.http.as(undefined).get(new URL(latest.body.url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(served.text).toBe(PETS_V1);
    expect((await as.get(`${path}/versions/${first.lastVersion}/content`)).body).toEqual(content.body);

    // Same bytes again (the same URL set again): a run, no new version.
    expect((await as.put(path, { source: { url: `${origin}/pets.yaml` } })).status).toBe(200);
    const again = await settled(as, path, (spec) => spec.processingState === 'complete' && spec.lastProcessedAt > first.lastProcessedAt);
    expect(again.lastVersion).toBe(first.lastVersion);
    expect((await as.get(`${path}/versions`)).body.count).toBe(1);

    // Changed content: a second version, listed newest first; the first stays readable.
    routes.set('/pets.yaml', PETS_V2);
    await as.put(path, { source: { url: `${origin}/pets.yaml` } });
    const changed = await settled(as, path, (spec) => spec.lastVersion !== first.lastVersion && spec.processingState === 'complete');
    const versions = await as.get(`${path}/versions`);
    expect(versions.body.items.map((v: { id: string }) => v.id)).toEqual([changed.lastVersion, first.lastVersion]);
    expect((await as.get(`${path}/versions/${first.lastVersion}/content`)).body.filesystem['pets.yaml'].paths['/pets'].get.responses['200'].description).toBe('The pets');
    expect((await as.get(`${path}/versions/latest/content`)).body.filesystem['pets.yaml'].paths['/pets'].get.responses['200'].description).toBe('All the pets');

    // One version by its id, as listed; the list in keyset pages of one.
    const byId = await as.get(`${path}/versions/${first.lastVersion}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(versions.body.items[1]);
    // Each version serves its own files: the first one's URL is not the newest's.
    expect(byId.body.url).not.toBe(versions.body.items[0].url);
    expect((await api.http.as(undefined).get(new URL(byId.body.url).pathname)).text).toBe(PETS_V1);
    const page = await as.get(`${path}/versions`, { query: { limit: 1 } });
    expect(page.body.items.map((v: { id: string }) => v.id)).toEqual([changed.lastVersion]);
    expect(page.body.count).toBe(2);
    expect((await as.all(`${path}/versions`, { limit: 1 })).map((v: { id: string }) => v.id)).toEqual([changed.lastVersion, first.lastVersion]);
    expect((await as.get(`${path}/versions`, { query: { page: 'forged' } })).status).toBe(400);

    // A version is read only through its own spec: another spec's slug, or another organization, is a 404.
    const other = await createOrganization(api);
    expect((await as.put(`/v1/orgs/${organization.id}/openapi/other`, { source: { text: PETS_V1 } })).status).toBe(201);
    expect((await as.get(`/v1/orgs/${organization.id}/openapi/other/versions/${first.lastVersion}`)).status).toBe(404);
    expect((await as.get(`/v1/orgs/${organization.id}/openapi/other/versions/${first.lastVersion}/content`)).status).toBe(404);
    const stranger = api.http.as(other.members.admin.token);
    expect((await stranger.get(`${path}/versions/${first.lastVersion}`)).status).toBe(404);
    expect((await stranger.get(`/v1/orgs/${other.organization.id}/openapi/pets/versions/${first.lastVersion}`)).status).toBe(404);
    expect((await api.http.as(undefined).get(`${path}/versions/${first.lastVersion}`)).status).toBe(401);
  });

  it('processes a text source the same way, without fetching; Swagger 2.0 JSON too', async () => {
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const base = `/v1/orgs/${organization.id}/openapi`;
    await as.post(base, { slug: 'inline', source: { text: PETS_V1 } });
    await as.post(base, { slug: 'legacy', source: { text: SWAGGER } });
    const inline = await settled(as, `${base}/inline`);
    expect(inline.lastVersion).toEqual(expect.any(String));
    expect(Object.keys((await as.get(`${base}/inline/versions/latest/content`)).body.filesystem)).toEqual(['openapi.yaml']);
    const legacy = await settled(as, `${base}/legacy`);
    expect(legacy.lastProcessErrorCode).toBeUndefined();
    const content = (await as.get(`${base}/legacy/versions/latest/content`)).body;
    expect(content.filesystem['openapi.json'].swagger).toBe('2.0');
    expect(new URL(content.url).pathname).toMatch(/\/openapi\.json$/);
  });

  it('follows relative $ref files on the same origin, and serves them next to the entry', async () => {
    routes.set('/specs/v1/openapi.yaml', SPLIT_ENTRY);
    routes.set('/specs/v1/schemas/pet.yaml', SPLIT_PET);
    routes.set('/specs/v1/schemas/owner.yaml', SPLIT_OWNER);
    routes.set('/specs/shared/errors.yaml', SPLIT_ERRORS);
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const path = `/v1/orgs/${organization.id}/openapi/split`;
    await as.put(path, { source: { url: `${origin}/specs/v1/openapi.yaml#/paths` } });
    const spec = await settled(as, path);
    expect(spec.lastProcessErrorCode).toBeUndefined();
    const content = (await as.get(`${path}/versions/latest/content`)).body;
    expect(Object.keys(content.filesystem)).toEqual(['v1/openapi.yaml', 'shared/errors.yaml', 'v1/schemas/owner.yaml', 'v1/schemas/pet.yaml']);
    expect(content.filesystem['v1/schemas/pet.yaml'].Pet.properties.owner).toEqual({ $ref: 'owner.yaml' });
    // Relative references resolve against the served entry, as a viewer would follow them.
    const entryUrl = new URL(content.url);
    expect(entryUrl.pathname).toMatch(/\/v1\/openapi\.yaml$/);
    for (const [ref, text] of [['schemas/pet.yaml', SPLIT_PET], ['../shared/errors.yaml', SPLIT_ERRORS], ['schemas/owner.yaml', SPLIT_OWNER]]) {
      const res = await api.http.as(undefined).get(new URL(ref, entryUrl).pathname);
      expect([ref, res.status, res.text]).toEqual([ref, 200, text]);
    }
    // A signature for another version, or none, is refused.
    const forged = entryUrl.pathname.replace(/\/spec-files\/([^/]+)\/[^/]+\//, '/spec-files/$1/forged/');
    expect((await api.http.as(undefined).get(forged)).status).toBe(403);
  });

  it('records failures with their code and keeps the last good version: timeout, 500, not a spec, invalid YAML, oversized, other origin, too many files', async () => {
    routes.set('/flaky.yaml', PETS_V1);
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const path = `/v1/orgs/${organization.id}/openapi/flaky`;
    await as.put(path, { source: { url: `${origin}/flaky.yaml` } });
    const good = await settled(as, path);
    expect(good.lastVersion).toEqual(expect.any(String));

    const expectFailure = async (route: Route, code: string, message: RegExp, retried: boolean) => {
      routes.set('/flaky.yaml', route);
      const before = (await as.get(path)).body;
      await as.put(path, { source: { url: `${origin}/flaky.yaml` } });
      const failed = await settled(as, path, (spec) => spec.lastProcessedAt > before.lastProcessedAt && spec.lastProcessErrorCode !== undefined && spec.processingState !== 'progress');
      expect(failed.lastProcessErrorCode).toBe(code);
      expect(failed.lastProcessedErrors[0].message).toMatch(message);
      expect(failed.lastVersion).toBe(good.lastVersion);
      expect(failed.processingState).toBe(retried ? 'pending' : 'complete');
      expect((await as.get(`${path}/versions/latest/content`)).body.filesystem['flaky.yaml'].info.title).toBe('Pets');
      if (retried) {
        // Retried with backoff: pg-boss holds the job until its delay has passed.
        const [job] = await api.dataSource.query(
          `SELECT state, retry_count, start_after > now() + interval '10 seconds' AS delayed FROM pgboss.job WHERE name = 'openapi-fetch' AND data->>'specId' = $1 ORDER BY created_on DESC LIMIT 1`,
          [failed.id],
        );
        expect(job).toMatchObject({ state: 'retry', retry_count: 0, delayed: true });
        // The source recovers; the retry (run now instead of 30 s later) stores nothing new and clears the error.
        routes.set('/flaky.yaml', PETS_V1);
        await api.dataSource.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'openapi-fetch' AND state = 'retry' AND data->>'specId' = $1`, [failed.id]);
        const recovered = await settled(as, path, (spec) => spec.processingState === 'complete');
        expect(recovered.lastProcessErrorCode).toBeUndefined();
        expect(recovered.lastVersion).toBe(good.lastVersion);
      }
    };
    await expectFailure((_req, res) => void setTimeout(() => res.writeHead(200).end(PETS_V1), 6000), 'FETCH_TIMEOUT', /took longer than 3000 ms/, true);
    await expectFailure((_req, res) => void res.writeHead(500).end('boom'), 'FETCH_ERROR', /HTTP status 500/, true);
    await expectFailure((_req, res) => void res.writeHead(404).end('gone'), 'FETCH_ERROR', /HTTP status 404/, false);
    await expectFailure('title: not a spec\nitems: [1, 2]\n', 'PARSE_ERROR', /OpenAPI|Swagger/, false);
    await expectFailure('openapi: 3.1.0\ninfo: [unclosed\n', 'PARSE_ERROR', /not valid YAML/, false);
    await expectFailure(`openapi: 3.1.0\ninfo: {title: Big, version: "1"}\npaths: {}\nx-padding: "${'x'.repeat(30_000)}"\n`, 'FETCH_ERROR', /larger than the limit of 20000 bytes \(OPENAPI_MAX_BYTES/, false);
    await expectFailure(
      'openapi: 3.1.0\ninfo: {title: X, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: "https://elsewhere.example/a.yaml"}\n',
      'PARSE_ERROR',
      /only files on the spec's own origin/,
      false,
    );
    for (let i = 0; i < 7; i++) routes.set(`/chain-${i}.yaml`, `type: object\nproperties:\n  next: {$ref: "chain-${i + 1}.yaml"}\n`);
    await expectFailure(
      'openapi: 3.1.0\ninfo: {title: X, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: "chain-0.yaml"}\n',
      'FETCH_ERROR',
      /more than 6 files \(OPENAPI_MAX_FILES\)/,
      false,
    );
    // A $ref to a file that is not there.
    await expectFailure('openapi: 3.1.0\ninfo: {title: X, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: "missing.yaml"}\n', 'FETCH_ERROR', /missing\.yaml.*404/, false);
  });

  it('processes a spec in one job at a time; requests made during a run run it once more after', async () => {
    // Each fetch takes 800 ms (under FETCH_TIMEOUT_MS): long enough to send requests meanwhile.
    routes.set('/slow.yaml', (_req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200).end(PETS_V1);
      }, 800);
    });
    hits.delete('/slow.yaml');
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const path = `/v1/orgs/${organization.id}/openapi/slow`;
    await as.put(path, { source: { url: `${origin}/slow.yaml` } });
    await eventually(async () => expect(hits.get('/slow.yaml')).toBe(1), 10_000);
    expect((await as.get(path)).body.processingState).toBe('progress');
    // Two more requests while the run is in progress: two more jobs, which find the spec taken.
    await as.put(path, { source: { url: `${origin}/slow.yaml` } });
    await as.put(path, { source: { url: `${origin}/slow.yaml` } });
    expect((await as.get(path)).body.processingState).toBe('progress');
    const done = await settled(as, path);
    expect(done.lastVersion).toEqual(expect.any(String));
    // The pending requests were served by one more run, not two, and never two at once.
    expect(hits.get('/slow.yaml')).toBe(2);
    expect(maxInFlight).toBe(1);
    const [row] = await api.dataSource.query(`SELECT process_requested, process_done, lease_job FROM openapi_specs WHERE id = $1`, [done.id]);
    expect(row).toEqual({ process_requested: 3, process_done: 3, lease_job: null });
  });

  it('the refresh sweep fetches URL specs not processed for the interval (all of them when forced), and lists its jobs', async () => {
    routes.set('/refresh.yaml', PETS_V1);
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const base = `/v1/orgs/${organization.id}/openapi`;
    await as.put(`${base}/fresh`, { source: { url: `${origin}/refresh.yaml` } });
    await as.put(`${base}/stale`, { source: { url: `${origin}/refresh.yaml` } });
    await as.put(`${base}/text`, { source: { text: PETS_V1 } });
    const fresh = await settled(as, `${base}/fresh`);
    const stale = await settled(as, `${base}/stale`);
    await settled(as, `${base}/text`);
    await api.dataSource.query(`UPDATE openapi_specs SET last_processed_at = now() - interval '2 hours' WHERE id = $1`, [stale.id]);

    const queue = api.get(JobQueue);
    const sweep = (await queue.enqueue(RefreshSpecsJob, {}))!;
    const output = await eventually(async () => {
      const [job] = await api.dataSource.query(`SELECT state, output FROM pgboss.job WHERE id = $1`, [sweep]);
      expect(job.state).toBe('completed');
      return job.output;
    }, 15_000).then(async () => (await api.dataSource.query(`SELECT output FROM pgboss.job WHERE id = $1`, [sweep]))[0].output);
    expect(output.jobs).toHaveLength(output.refreshed);
    const refreshed = await settled(as, `${base}/stale`, (spec) => spec.processingState === 'complete' && spec.lastProcessedAt > stale.lastProcessedAt);
    expect(refreshed.lastVersion).toBe(stale.lastVersion);
    expect((await as.get(`${base}/fresh`)).body.lastProcessedAt).toBe(fresh.lastProcessedAt);

    const forced = (await queue.enqueue(RefreshSpecsJob, { force: true }))!;
    await eventually(async () => expect((await api.dataSource.query(`SELECT state FROM pgboss.job WHERE id = $1`, [forced]))[0].state).toBe('completed'), 15_000);
    await settled(as, `${base}/fresh`, (spec) => spec.processingState === 'complete' && spec.lastProcessedAt > fresh.lastProcessedAt);
  });

  it('a public spec serves its latest version at urls.published, without a token; a private one does not', async () => {
    routes.set('/public/api.yaml', SPLIT_ENTRY.replace('../shared/errors.yaml', 'errors.yaml').replace('schemas/pet.yaml#/Pet', 'errors.yaml#/Error'));
    routes.set('/public/errors.yaml', SPLIT_ERRORS);
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const path = `/v1/orgs/${organization.id}/openapi/public-api`;
    await as.put(path, { source: { url: `${origin}/public/api.yaml` } });
    await settled(as, path);
    const published = (await as.patch(path, { visibility: 'public' })).body.urls.published;
    expect(published).toBe(`http://api.test/published-specs/${organization.id}/public-api/api.yaml`);
    const anonymous = api.http.as(undefined);
    expect((await anonymous.get(new URL(published).pathname)).status).toBe(200);
    expect((await anonymous.get(new URL('errors.yaml', published).pathname)).text).toBe(SPLIT_ERRORS);
    expect((await as.patch(path, { visibility: 'private' })).body.urls.published).toBeUndefined();
    expect((await anonymous.get(new URL(published).pathname)).status).toBe(404);
  });
});
