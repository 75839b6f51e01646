import { CollaborationModule } from '@docs/collaboration';
import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization, TestUser } from '@docs/identity/testing';
import { cells, createTestApp, describePermissionTable, PermissionRole, PermissionTable, TestApp } from '@docs/platform/testing';
import { GitSyncModule } from './git-sync.module';

/**
 * docs/permissions.md, "Git Sync and export as files": the table is generated from this one and
 * every cell is checked over HTTP, role by role (`describePermissionTable`). Each check works on a
 * space made for that call (set up by the admin's first export where the row says so). No worker
 * runs: a request is answered, and the repository settings stored, before any Git work, so the
 * repository need not exist. The outsider is an admin of another organization.
 */
type Who = PermissionRole;

interface Fixture {
  t: TestApp;
  organizationId: string;
  users: Record<Who, TestUser>;
}

const REPOSITORY = 'https://git.example.com/team/docs.git';
/** The repository with credentials: what the admin sets up; later requests name it without them. */
const WITH_CREDENTIALS = 'https://docs-bot:tok-secret@git.example.com/team/docs.git';

const as = (f: Fixture, who: Who) => f.t.http.as(f.users[who].token);
const status = async (response: Promise<{ status: number }>) => (await response).status;

/** A space of the organization with one page; with `setUp`, its repository set by the admin's first export. */
async function space(f: Fixture, setUp = false) {
  const created = await createSpace(f.t, f.users.admin.token, f.organizationId, { title: 'Docs' });
  const base = `/v1/spaces/${created.id}`;
  await as(f, 'admin').post(`${base}/content/pages`, { title: 'Docs', markdown: 'Hello.' });
  let operation: string | undefined;
  if (setUp) {
    const res = await as(f, 'admin').post(`${base}/git/export`, { url: WITH_CREDENTIALS, ref: 'refs/heads/main', commitMessage: 'First sync' });
    if (res.status !== 204) throw new Error(`set up: ${res.status} ${res.text}`);
    operation = new URL(res.headers.location).pathname;
  }
  return { base, operation };
}

/**
 * A space of the organization with one page and its repository set up, private (default level
 * none); with `grant`, the caller is granted that role on it (an outsider cannot be granted
 * anything: the grant is skipped for them).
 */
async function privateSpace(f: Fixture, who: Who, grant?: 'read' | 'edit') {
  const { base, operation } = await space(f, true);
  const admin = as(f, 'admin');
  if ((await admin.patch(base, { defaultLevel: null })).status !== 200) throw new Error('private: PATCH defaultLevel failed');
  if (grant && who !== 'outsider') {
    const res = await admin.post(`${base}/permissions`, { role: grant, users: [f.users[who].user.id] });
    if (res.status !== 204) throw new Error(`grant: ${res.status} ${res.text}`);
  }
  return { base, operation: operation! };
}

/** Reads of a space's files and Git Sync state: exports as files, PDF, info, operations, settings. */
async function reads(f: Fixture, who: Who, base: string, operation: string) {
  return Promise.all(
    [`${base}/export?format=markdown`, `${base}/pdf`, `${base}/git/info`, `${base}/git/operations`, operation, `${base}/git/settings`].map((path) =>
      status(as(f, who).get(path)),
    ),
  );
}

const READ = cells(200, 200, 200, 200, 200, 200, 404, 404);
const ADMIN = (ok: number) => cells(ok, 403, 403, 403, 403, 403, 404, 404);

const GIT_SYNC_TABLE: PermissionTable<Fixture> = {
  id: 'git-sync',
  required: true,
  rows: [
    {
      operation: '`GET .../export?format=markdown`, `GET .../change-requests/{id}/export?format=markdown`',
      required: 'read',
      cells: READ,
      check: async (f, who) => {
        const { base } = await space(f);
        const changeRequest = (await as(f, 'admin').post(`${base}/change-requests`, { subject: 'Changes' })).body.id as string;
        return [
          await status(as(f, who).get(`${base}/export`, { query: { format: 'markdown' } })),
          await status(as(f, who).get(`${base}/change-requests/${changeRequest}/export`, { query: { format: 'markdown' } })),
        ];
      },
    },
    {
      operation: '`POST .../git/export`, `POST .../git/import` with the repository set up (same URL, ref and folder, no other credentials)',
      required: 'edit; space not locked (409)',
      cells: cells(204, 204, 204, 204, 403, 403, 404, 404),
      check: async (f, who) => {
        const { base } = await space(f, true);
        return [
          await status(as(f, who).post(`${base}/git/export`, { url: REPOSITORY, ref: 'refs/heads/main', commitMessage: 'Sync' })),
          await status(as(f, who).post(`${base}/git/import`, { url: REPOSITORY, ref: 'refs/heads/main' })),
        ];
      },
    },
    {
      operation: 'the same, setting or changing the repository (first sync, another URL, ref, folder or credentials)',
      required: 'admin; space not locked (409)',
      cells: ADMIN(204),
      check: async (f, who) => {
        const first = await space(f);
        const statuses = [await status(as(f, who).post(`${first.base}/git/export`, { url: REPOSITORY, ref: 'refs/heads/main', commitMessage: 'Sync' }))];
        for (const change of [
          { url: 'https://git.example.com/team/other.git' },
          { ref: 'refs/heads/other' },
          { repoProjectDirectory: 'docs' },
          { url: 'https://docs-bot:another-token@git.example.com/team/docs.git' },
        ]) {
          const { base } = await space(f, true);
          statuses.push(await status(as(f, who).post(`${base}/git/import`, { url: REPOSITORY, ref: 'refs/heads/main', ...change })));
        }
        return statuses;
      },
    },
    {
      operation: '`GET .../git/info`, `GET .../git/operations`, `GET .../git/operations/{id}`, `GET .../git/settings`',
      required: 'read',
      cells: READ,
      check: async (f, who) => {
        const { base, operation } = await space(f, true);
        return Promise.all([`${base}/git/info`, `${base}/git/operations`, operation!, `${base}/git/settings`].map((path) => status(as(f, who).get(path))));
      },
    },
    {
      operation: 'the reads above and `GET .../pdf`, a private space (default level none) granted read to the caller',
      required: 'the grant (a guest too; an outsider cannot be granted anything)',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 404),
      check: async (f, who) => {
        const { base, operation } = await privateSpace(f, who, 'read');
        return reads(f, who, base, operation);
      },
    },
    {
      operation: 'the same, a private space not granted to the caller',
      required: "admin (the organization's admins see every space)",
      cells: cells(200, 404, 404, 404, 404, 404, 404, 404),
      check: async (f, who) => {
        const { base, operation } = await privateSpace(f, who);
        return reads(f, who, base, operation);
      },
    },
    {
      operation: '`POST .../git/export`, `POST .../git/import` (repository set up), a private space granted edit to the caller',
      required: 'edit, from the grant',
      cells: cells(204, 204, 204, 204, 204, 204, 204, 404),
      check: async (f, who) => {
        const { base } = await privateSpace(f, who, 'edit');
        return [
          await status(as(f, who).post(`${base}/git/export`, { url: REPOSITORY, ref: 'refs/heads/main', commitMessage: 'Sync' })),
          await status(as(f, who).post(`${base}/git/import`, { url: REPOSITORY, ref: 'refs/heads/main' })),
        ];
      },
    },
    {
      operation: 'the same, a private space not granted to the caller',
      required: 'admin',
      cells: cells(204, 404, 404, 404, 404, 404, 404, 404),
      check: async (f, who) => {
        const { base } = await privateSpace(f, who);
        return [
          await status(as(f, who).post(`${base}/git/export`, { url: REPOSITORY, ref: 'refs/heads/main', commitMessage: 'Sync' })),
          await status(as(f, who).post(`${base}/git/import`, { url: REPOSITORY, ref: 'refs/heads/main' })),
        ];
      },
    },
    {
      operation: '`PATCH .../git/settings` (`exportOnMerge`)',
      required: 'admin',
      cells: ADMIN(200),
      check: async (f, who) => status(as(f, who).patch(`${(await space(f, true)).base}/git/settings`, { exportOnMerge: true })),
    },
    {
      operation: '`DELETE .../git/settings`',
      required: 'admin',
      cells: ADMIN(205),
      check: async (f, who) => status(as(f, who).delete(`${(await space(f, true)).base}/git/settings`)),
    },
  ],
};

describe('Git Sync permissions over HTTP (docs/permissions.md, "Git Sync and export as files")', () => {
  let f: Fixture;

  beforeAll(async () => {
    const t = await createTestApp({ imports: [IdentityModule, ContentModule, CollaborationModule, GitSyncModule] });
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const other = await createOrganization(t);
    f = { t, organizationId: org.organization.id, users: { ...org.members, outsider: other.members.admin } };
  });
  afterAll(() => f.t.close());

  describePermissionTable(GIT_SYNC_TABLE, () => f);
});
