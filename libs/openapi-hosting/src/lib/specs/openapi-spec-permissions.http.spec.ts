import { IdentityModule } from '@docs/identity';
import { createOrganization, TestUser } from '@docs/identity/testing';
import { JobWorker, JobWorkerModule } from '@docs/platform';
import { cells, createTestApp, createTestDatabase, describePermissionTable, eventually, PermissionRole, PermissionTable, TestApp, TestDatabase } from '@docs/platform/testing';
import { randomBytes } from 'node:crypto';
import { OpenApiHostingJobsModule } from '../openapi-hosting-jobs.module';
import { OpenApiHostingModule } from '../openapi-hosting.module';

/**
 * docs/permissions.md, "OpenAPI specs": the table is generated from this one and every cell is
 * checked over HTTP, role by role (`describePermissionTable`). Reads work on a spec the worker
 * has processed into a version (made once); each write works on a spec made for that call by the
 * admin (or on a slug of its own). The outsider is an admin of another organization.
 */
type Who = PermissionRole;

interface Fixture {
  api: TestApp;
  organizationId: string;
  users: Record<Who, TestUser>;
  /** A spec with a processed version. */
  slug: string;
  versionId: string;
}

const SPEC = 'openapi: 3.1.0\ninfo: {title: Pets, version: "1"}\npaths: {}\n';

const as = (f: Fixture, who: Who) => f.api.http.as(f.users[who].token);
const status = async (response: Promise<{ status: number }>) => (await response).status;
const base = (f: Fixture) => `/v1/orgs/${f.organizationId}/openapi`;
const freshSlug = () => `spec-${randomBytes(4).toString('hex')}`;

/** A spec made by the admin for this call: its path. */
async function spec(f: Fixture): Promise<string> {
  const slug = freshSlug();
  const res = await as(f, 'admin').post(base(f), { slug, source: { text: SPEC } });
  if (res.status !== 201) throw new Error(`set up: ${res.status} ${res.text}`);
  return `${base(f)}/${slug}`;
}

const WRITE = (ok: number) => cells(ok, ok, 403, 403, 403, 403, 403, 404);

const OPENAPI_SPECS_TABLE: PermissionTable<Fixture> = {
  id: 'openapi-specs',
  rows: [
    {
      operation: '`GET /orgs/{id}/openapi`',
      cells: cells(200, 200, 200, 200, 200, 200, [200, 'empty'], 404),
      check: async (f, who) => {
        const res = await as(f, who).get(base(f));
        if (res.status !== 200) return res.status;
        // Members with a role list every spec; a guest, none (anything else is not the cell).
        const empty = res.body.count === 0;
        return empty === (who === 'guest') ? 200 : -1;
      },
    },
    {
      operation: '`GET .../openapi/{slug}`, its versions (`.../versions`, `.../versions/latest`, `.../versions/{versionId}`), their content (`.../content`)',
      cells: cells(200, 200, 200, 200, 200, 200, 404, 404),
      check: async (f, who) => {
        const path = `${base(f)}/${f.slug}`;
        const versions = `${path}/versions`;
        return Promise.all(
          [path, versions, `${versions}/latest`, `${versions}/latest/content`, `${versions}/${f.versionId}`, `${versions}/${f.versionId}/content`].map((url) => status(as(f, who).get(url))),
        );
      },
    },
    { operation: '`POST /orgs/{id}/openapi`', cells: WRITE(201), check: (f, who) => status(as(f, who).post(base(f), { slug: freshSlug(), source: { text: SPEC } })) },
    { operation: '`PUT .../openapi/{slug}`, creating the spec', cells: WRITE(201), check: (f, who) => status(as(f, who).put(`${base(f)}/${freshSlug()}`, { source: { text: SPEC } })) },
    {
      operation: '`PUT .../openapi/{slug}`, replacing its source (a guest: 403 too, whether the spec exists or not)',
      cells: WRITE(200),
      check: async (f, who) => status(as(f, who).put(await spec(f), { source: { text: SPEC.replace('Pets', 'Cats') } })),
    },
    {
      operation: '`PATCH .../openapi/{slug}`',
      cells: cells(200, 200, 403, 403, 403, 403, 404, 404),
      check: async (f, who) => status(as(f, who).patch(await spec(f), { visibility: 'public' })),
    },
    {
      operation: '`DELETE .../openapi/{slug}` (205; 204 when there was none, for those who may delete)',
      cells: cells(205, 205, 403, 403, 403, 403, 404, 404),
      check: async (f, who) => status(as(f, who).delete(await spec(f))),
    },
    { operation: '`permissions.view` of a spec', cells: cells(true, true, true, true, true, true, false, false), check: async (f, who) => permission(f, who, 'view') },
    { operation: '`permissions.edit` of a spec', cells: cells(true, true, false, false, false, false, false, false), check: async (f, who) => permission(f, who, 'edit') },
  ],
};

/** A `permissions` key of the processed spec as `who` reads it, alone and in the list; false when `who` cannot read it. */
async function permission(f: Fixture, who: Who, key: 'view' | 'edit'): Promise<boolean[]> {
  const one = await as(f, who).get(`${base(f)}/${f.slug}`);
  const list = await as(f, who).get(base(f), { query: { limit: 100 } });
  const listed = list.status === 200 ? (list.body.items as { slug: string; permissions: Record<string, boolean> }[]).find((item) => item.slug === f.slug) : undefined;
  return [one.status === 200 && one.body.permissions[key] === true, listed?.permissions[key] === true];
}

describe('OpenAPI spec permissions over HTTP (docs/permissions.md, "OpenAPI specs")', () => {
  let database: TestDatabase;
  let worker: TestApp;
  let f: Fixture;

  beforeAll(async () => {
    database = await createTestDatabase();
    const api = await createTestApp({ imports: [IdentityModule, OpenApiHostingModule], database });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, OpenApiHostingJobsModule], database });
    await worker.get(JobWorker).start({ schedule: false });
    const org = await createOrganization(api, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const other = await createOrganization(api);
    f = { api, organizationId: org.organization.id, users: { ...org.members, outsider: other.members.admin }, slug: 'processed', versionId: '' };
    const admin = as(f, 'admin');
    expect((await admin.post(base(f), { slug: f.slug, source: { text: SPEC } })).status).toBe(201);
    await eventually(async () => {
      const latest = await admin.get(`${base(f)}/${f.slug}/versions/latest`);
      expect(latest.status).toBe(200);
      f.versionId = latest.body.id;
    }, 20_000);
  });
  afterAll(async () => {
    await worker.close();
    await f.api.close();
    await database.drop();
  });

  describePermissionTable(OPENAPI_SPECS_TABLE, () => f);
});
