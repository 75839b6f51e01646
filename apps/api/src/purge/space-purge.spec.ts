import { ContentJobsModule, PurgeSpaceJob, SpacePurgeHooks, SpacePurgeSweepJob } from '@docs/content';
import { createCollection, createSpace } from '@docs/content/testing';
import { createOrganization } from '@docs/identity/testing';
import { publishIntegration } from '@docs/integrations/testing';
import { JobDefinition, JobQueue, JobWorker, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, TestApp, TestDatabase } from '@docs/platform/testing';
import { ApiModule } from '../api.module';
import { rowsNotReferring, rowsReferring, unindexedForeignKeys } from './database-walk';
import { SHARED_FILE_HASH, SHARED_MARKDOWN, seedSpace } from './space-seed';

/**
 * Spaces removed for good (issue 20): complete by construction, and tested that way. After a
 * purge, a walk of the catalog finds no row in any table of the schema that refers to the space,
 * its change requests, revisions, pages, files or reusable contents, nor to the marker written in
 * all its content; every row unrelated to it is exactly as it was; blobs other spaces use stay.
 * (pg-boss's own tables, in their own schema, keep the purge job itself, as a job history.)
 */
describe('space purge', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await createTestApp({ imports: [ApiModule], database });
    // The worker's purge jobs (apps/worker composes the same ContentJobsModule).
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, ContentJobsModule], database });
    await worker.get(JobWorker).start({ schedule: false });
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await database.drop();
  });

  /** Enqueues a job and waits for its end; answers its state and output. */
  async function run<P extends object>(definition: JobDefinition<P>, payload: P): Promise<{ state: string; output: any }> {
    const id = (await api.get(JobQueue).enqueue(definition, payload))!;
    return waitFor(id);
  }
  async function waitFor(id: string): Promise<{ state: string; output: any }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [job] = await api.dataSource.query(
        `SELECT state::text AS state, output FROM pgboss.job WHERE id = $1 UNION ALL SELECT state::text, output FROM pgboss.archive WHERE id = $1`,
        [id],
      );
      if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} did not finish (${job?.state})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** The sweep, then every purge it enqueued. */
  async function sweep(): Promise<any[]> {
    const done = await run(SpacePurgeSweepJob, {});
    expect(done.state).toBe('completed');
    return Promise.all((done.output.jobs as string[]).map(async (id) => (await waitFor(id)).output));
  }
  const age = (spaceId: string, interval: string) => api.dataSource.query(`UPDATE spaces SET deleted_at = now() - interval '${interval}' WHERE id = $1`, [spaceId]);

  /** Everything a space is known by: its ids, its change requests', revisions', pages', files', reusable contents'. */
  async function needlesOf(spaceId: string, marker: string): Promise<string[]> {
    const [row] = await api.dataSource.query(
      `WITH RECURSIVE walk(id) AS (
         SELECT DISTINCT unnest(root_pages) FROM revisions WHERE space_id = $1
         UNION SELECT unnest(n.children) FROM walk w JOIN page_nodes n ON n.id = w.id)
       SELECT
         ARRAY(SELECT id FROM change_requests WHERE space_id = $1) AS change_requests,
         ARRAY(SELECT id FROM revisions WHERE space_id = $1) AS revisions,
         ARRAY(SELECT DISTINCT n.page_id FROM walk w JOIN page_nodes n ON n.id = w.id) AS pages,
         ARRAY(SELECT DISTINCT e.file_id FROM file_entries e WHERE e.id IN (SELECT unnest(files) FROM revisions WHERE space_id = $1)) AS files,
         ARRAY(SELECT DISTINCT rc->>'id' FROM revisions r, jsonb_array_elements(r.reusable_contents) rc WHERE r.space_id = $1) AS reusable`,
      [spaceId],
    );
    const needles = [spaceId, marker, ...row.change_requests, ...row.revisions, ...row.pages, ...row.files, ...row.reusable];
    expect(row.change_requests.length).toBeGreaterThan(0);
    expect(row.revisions.length).toBeGreaterThan(5);
    expect(row.pages.length).toBeGreaterThan(4);
    expect(row.files.length).toBe(3);
    expect(row.reusable.length).toBe(1);
    return needles;
  }

  it('has an index for every foreign key a purge deletes through', async () => {
    expect(await unindexedForeignKeys(api.dataSource, ['spaces', 'revisions', 'change_requests', 'page_nodes', 'file_entries', 'content_blobs'])).toEqual([]);
  });

  it('at 7 days minus 1 minute removes nothing; at 7 days plus 1 minute removes every row of it and nothing else; twice is harmless', async () => {
    const { organization, members } = await createOrganization(api, { editor: 'edit' });
    const integration = (await publishIntegration(api, members.admin.token, organization.id, { scopes: ['space:content:read'] })).name;
    const marker = `doomed${Date.now().toString(36)}x`;
    const keep = await seedSpace(api, { organizationId: organization.id, admin: members.admin, editor: members.editor, marker: `kept${Date.now().toString(36)}x`, integration });
    const doomed = await seedSpace(api, {
      organizationId: organization.id,
      admin: members.admin,
      editor: members.editor,
      marker,
      integration,
      linkTo: { spaceId: keep.id, pageId: keep.pageIds[0] },
    });
    // The other space links to the doomed one: those rows (its page's body, its link rows) are the
    // other space's content, and stay.
    const seeThere = await api.http.as(members.admin.token).post(`/v1/spaces/${keep.id}/content/pages`, { title: 'See there', markdown: `[there](ref:space/${doomed.id}/page/${doomed.pageIds[0]})` });
    expect(seeThere.status).toBe(201);
    expect((await api.http.as(members.admin.token).delete(`/v1/spaces/${doomed.id}`)).status).toBe(205);
    const needles = await needlesOf(doomed.id, marker);
    // Blobs both spaces use: the shared file's bytes, the shared page's body.
    const documentOf = async (spaceId: string, path: string): Promise<string> =>
      (await api.dataSource.query(`SELECT n.document_hash AS hash FROM head_pages h JOIN page_nodes n ON n.id = h.node_id WHERE h.head_key = $1 AND h.path = $2`, [spaceId, path]))[0].hash;
    const sharedDocument = await documentOf(keep.id, 'shared-words');
    const seeThereDocument = await documentOf(keep.id, 'see-there');
    expect(await documentOf(doomed.id, 'shared-words')).toBe(sharedDocument);

    // 7 days minus 1 minute: the purge leaves it whole.
    await age(doomed.id, '7 days - 1 minute');
    const untouched = await rowsNotReferring(api.dataSource, []);
    expect(await sweep()).toEqual([]);
    expect((await run(PurgeSpaceJob, { spaceId: doomed.id })).output).toEqual({ purged: false, spaceId: doomed.id });
    expect(await rowsNotReferring(api.dataSource, [])).toEqual(untouched);

    // 7 days plus 1 minute: gone for good.
    await age(doomed.id, '7 days 1 minute');
    const before = await rowsNotReferring(api.dataSource, needles);
    const crossLinks = await api.dataSource.query(`SELECT count(*)::int AS n FROM page_links WHERE head_key = $1 AND target_space = $2`, [keep.id, doomed.id]);
    expect(crossLinks[0].n).toBe(1);
    const [report] = await sweep();
    expect(report).toMatchObject({ purged: true, spaceId: doomed.id, changeRequests: 1, sharedNodesKept: 0, sharedFilesKept: 0 });
    expect(report.revisions).toBeGreaterThan(5);
    expect(report.pageNodes).toBeGreaterThan(5);
    expect(report.fileEntries).toBe(3);
    expect(report.blobs).toBeGreaterThan(5);

    // No row of any table refers to it, but the other space's links to it (its own content).
    const theirs = {
      page_links: { sql: `t.head_key = $2`, values: [keep.id] },
      content_blobs: { sql: `t.hash = $2`, values: [seeThereDocument] },
    };
    expect(await rowsReferring(api.dataSource, needles, theirs)).toEqual([]);
    expect((await api.dataSource.query(`SELECT count(*)::int AS n FROM page_links WHERE head_key = $1 AND target_space = $2`, [keep.id, doomed.id]))[0].n).toBe(1);
    // Every other row is exactly as it was: the other space, the organization, the shared blobs;
    // but the integration's subscription, filtered by both spaces, forgot the purged one.
    const after = await rowsNotReferring(api.dataSource, needles);
    const changed = after['event_subscriptions'].filter((row) => !before['event_subscriptions'].includes(row));
    expect(changed.map((row) => JSON.parse(row).space_ids)).toEqual([[keep.id]]);
    const unchanged = { ...after, event_subscriptions: after['event_subscriptions'].filter((row) => !changed.includes(row)) };
    expect(unchanged).toEqual(before);
    for (const hash of [SHARED_FILE_HASH, sharedDocument]) {
      expect([hash, (await api.dataSource.query(`SELECT count(*)::int AS n FROM content_blobs WHERE hash = $1`, [hash]))[0].n]).toEqual([hash, 1]);
    }
    // The other space reads as before: pages with their bodies, the shared file.
    const as = api.http.as(members.admin.token);
    expect((await as.get(`/v1/spaces/${doomed.id}`)).status).toBe(404);
    expect((await as.post(`/v1/spaces/${doomed.id}/restore`)).status).toBe(404);
    const files = (await as.get(`/v1/spaces/${keep.id}/content/files`)).body.items;
    const shared = files.find((file: { name: string }) => file.name === 'shared.txt');
    expect((await api.http.as(undefined).get(new URL(shared.downloadURL).pathname + new URL(shared.downloadURL).search)).text).toBe('the same bytes in every space\n');
    const sharedPage = (await as.get(`/v1/spaces/${keep.id}/content/page/${keep.sharedPageId}`, { query: { format: 'markdown' } })).body;
    expect(sharedPage.markdown.trim()).toBe(SHARED_MARKDOWN);
    // Running it again is harmless.
    const again = await run(PurgeSpaceJob, { spaceId: doomed.id });
    expect(again).toEqual({ state: 'completed', output: { purged: false, spaceId: doomed.id } });
    expect(await rowsNotReferring(api.dataSource, needles)).toEqual(after);
  });

  it('keeps what a duplicate of the purged space still shares, and removes what only the purged space reached', async () => {
    const { organization, members } = await createOrganization(api, { editor: 'edit' });
    const as = api.http.as(members.admin.token);
    const original = await createSpace(api, members.admin.token, organization.id, { title: 'Original' });
    const guide = (await as.post(`/v1/spaces/${original.id}/content/pages`, { title: 'Guide', markdown: 'Shared history.' })).body;
    const child = (await as.post(`/v1/spaces/${original.id}/content/pages`, { title: 'Child', parent: guide.id, markdown: 'Deep and shared.' })).body;
    await as.post(`/v1/spaces/${original.id}/content/files`, undefined, { query: { name: 'logo.txt' }, raw: Buffer.from('logo of the original'), headers: { 'Content-Type': 'text/plain' } });
    const copy = (await as.post(`/v1/spaces/${original.id}/duplicate`)).body;
    const copyOfCopy = (await as.post(`/v1/spaces/${copy.id}/duplicate`)).body;
    // After the copies: a node only the original reaches.
    await as.patch(`/v1/spaces/${original.id}/content/page/${guide.id}`, { markdown: 'Only in the original, after the copies.' });
    const [{ hash: onlyOriginal }] = await api.dataSource.query(
      `SELECT n.document_hash AS hash FROM head_pages h JOIN page_nodes n ON n.id = h.node_id WHERE h.head_key = $1 AND h.page_id = $2`,
      [original.id, guide.id],
    );
    const readCopy = async (spaceId: string) => {
      const tree = (await as.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages;
      const page = (await as.get(`/v1/spaces/${spaceId}/content/page/${child.id}`, { query: { format: 'markdown' } })).body;
      const files = (await as.get(`/v1/spaces/${spaceId}/content/files`)).body.items.map((file: { name: string; size: number }) => [file.name, file.size]);
      const history = (await api.dataSource.query(`SELECT root_pages, files FROM revisions WHERE space_id = $1 ORDER BY created_at, id`, [spaceId])) as unknown[];
      return { tree, child: page.markdown, files, history };
    };
    const copyBefore = await readCopy(copy.id);
    const copyOfCopyBefore = await readCopy(copyOfCopy.id);
    expect(copyBefore.child.trim()).toBe('Deep and shared.');

    await as.delete(`/v1/spaces/${original.id}`);
    await age(original.id, '8 days');
    const [report] = await sweep();
    expect(report).toMatchObject({ purged: true, spaceId: original.id });
    expect(report.sharedNodesKept).toBeGreaterThan(0);
    expect(report.sharedFilesKept).toBe(1);
    expect(report.pageNodes).toBeGreaterThan(0);
    // The copies read exactly as before, their whole history included.
    expect(await readCopy(copy.id)).toEqual(copyBefore);
    expect(await readCopy(copyOfCopy.id)).toEqual(copyOfCopyBefore);
    for (const revision of copyBefore.history as { root_pages: string[] }[]) {
      const missing = await api.dataSource.query(
        `WITH RECURSIVE walk(id) AS (SELECT unnest($1::bigint[]) UNION SELECT unnest(n.children) FROM walk w JOIN page_nodes n ON n.id = w.id)
         SELECT w.id FROM walk w LEFT JOIN page_nodes n ON n.id = w.id WHERE n.id IS NULL`,
        [revision.root_pages],
      );
      expect(missing).toEqual([]);
    }
    expect((await api.dataSource.query(`SELECT count(*)::int AS n FROM content_blobs WHERE hash = $1`, [onlyOriginal]))[0].n).toBe(0);
    expect(await api.dataSource.query(`SELECT space_id FROM space_storage_families WHERE space_id = $1`, [original.id])).toEqual([]);
    // The copies are still one family: purging one keeps what the other shares.
    await as.delete(`/v1/spaces/${copy.id}`);
    await age(copy.id, '8 days');
    await sweep();
    expect(await readCopy(copyOfCopy.id)).toEqual(copyOfCopyBefore);
  });

  it('a restore and a purge of the same space: one wins entirely', async () => {
    const { organization, members } = await createOrganization(api, { editor: 'edit' });
    const integration = (await publishIntegration(api, members.admin.token, organization.id)).name;
    const as = api.http.as(members.admin.token);
    const [{ now }] = await api.dataSource.query(`SELECT now() AS now`);
    // The api's clock says the 7 days are not over (the request passed its check); the
    // database's clock lets the purge start: both then wait for the space's row lock.
    api.clock.set(new Date(new Date(now).getTime() - 60_000));

    // The purge holds the lock first (a hook keeps its transaction open): the restore waits, then finds nothing.
    const slow = await seedSpace(api, { organizationId: organization.id, admin: members.admin, editor: members.editor, marker: `race${Date.now().toString(36)}a`, integration });
    await as.delete(`/v1/spaces/${slow.id}`);
    await age(slow.id, '7 days 1 minute');
    const hooks = worker.get(SpacePurgeHooks);
    let inHook: (() => void) | undefined;
    const entered = new Promise<void>((resolve) => (inHook = resolve));
    hooks.register(async () => {
      if (!inHook) return;
      inHook();
      inHook = undefined;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    const purge = run(PurgeSpaceJob, { spaceId: slow.id });
    await entered;
    const restore = await as.post(`/v1/spaces/${slow.id}/restore`);
    expect(restore.status).toBe(404);
    expect((await purge).output.purged).toBe(true);
    expect(await rowsReferring(api.dataSource, [slow.id, ...slow.changeRequestIds, ...slow.pageIds])).toEqual([]);

    // The restore holds the lock first: the purge waits, then finds the space restored and leaves it whole.
    const lucky = await seedSpace(api, { organizationId: organization.id, admin: members.admin, editor: members.editor, marker: `luck${Date.now().toString(36)}a`, integration });
    await as.delete(`/v1/spaces/${lucky.id}`);
    await age(lucky.id, '7 days 1 minute');
    const runner = api.dataSource.createQueryRunner();
    await runner.startTransaction();
    await runner.query(`SELECT 1 FROM spaces WHERE id = $1 FOR UPDATE`, [lucky.id]);
    const waiting = run(PurgeSpaceJob, { spaceId: lucky.id });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await runner.query(`UPDATE spaces SET deleted_at = NULL WHERE id = $1`, [lucky.id]);
    await runner.commitTransaction();
    await runner.release();
    expect((await waiting).output).toEqual({ purged: false, spaceId: lucky.id });
    expect((await as.get(`/v1/spaces/${lucky.id}`)).status).toBe(200);
    const pages = (await as.get(`/v1/spaces/${lucky.id}/content/pages`)).body.pages;
    expect(pages.map((page: { title: string }) => page.title)).toEqual(['Guide', 'Links', 'Shared words']);

    // And through the API, many times at once: each space ends whole or gone, never in between.
    const spaces = [];
    for (let i = 0; i < 4; i++) {
      const seeded = await seedSpace(api, { organizationId: organization.id, admin: members.admin, editor: members.editor, marker: `many${i}${Date.now().toString(36)}a`, integration });
      await as.delete(`/v1/spaces/${seeded.id}`);
      await age(seeded.id, '7 days 1 minute');
      spaces.push(seeded);
    }
    await Promise.all(spaces.map((space) => Promise.all([run(PurgeSpaceJob, { spaceId: space.id }), as.post(`/v1/spaces/${space.id}/restore`)])));
    for (const space of spaces) {
      const exists = (await as.get(`/v1/spaces/${space.id}`)).status === 200;
      if (exists) {
        const titles = (await as.get(`/v1/spaces/${space.id}/content/pages`)).body.pages.map((page: { title: string }) => page.title);
        expect(titles).toEqual(['Guide', 'Links', 'Shared words']);
        expect((await as.get(`/v1/spaces/${space.id}/change-requests`)).body.count).toBe(1);
      } else {
        expect(await rowsReferring(api.dataSource, [space.id, ...space.changeRequestIds, ...space.pageIds])).toEqual([]);
      }
    }
  });

  it('spaces deleted with their collection: restorable at 7 days minus 1 minute, purged after 7 days', async () => {
    const { organization, members } = await createOrganization(api);
    const as = api.http.as(members.admin.token);
    const collection = await createCollection(api, members.admin.token, organization.id, { title: 'Old docs' });
    const inner = await createCollection(api, members.admin.token, organization.id, { title: 'Older docs', parent: collection.id });
    const first = await createSpace(api, members.admin.token, organization.id, { title: 'First', parent: collection.id });
    const second = await createSpace(api, members.admin.token, organization.id, { title: 'Second', parent: inner.id });
    const kept = (await as.post(`/v1/spaces/${second.id}/content/pages`, { title: 'Kept', markdown: 'Still here.' })).body;
    expect((await as.delete(`/v1/collections/${collection.id}`)).status).toBe(205);
    await age(first.id, '7 days 1 minute');
    await age(second.id, '7 days - 1 minute');
    const reports = await sweep();
    expect(reports.map((report) => report.spaceId)).toEqual([first.id]);
    expect((await as.get(`/v1/spaces/${first.id}`)).status).toBe(404);
    expect(await rowsReferring(api.dataSource, [first.id])).toEqual([]);
    const [{ now }] = await api.dataSource.query(`SELECT now() AS now`);
    api.clock.set(new Date(now));
    const restored = await as.post(`/v1/spaces/${second.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.parent).toBeUndefined();
    expect((await as.get(`/v1/spaces/${second.id}/content/page/${kept.id}`, { query: { format: 'markdown' } })).body.markdown.trim()).toBe('Still here.');
    expect(await sweep()).toEqual([]);
  });
});
