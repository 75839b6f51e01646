import { createSpace } from '@docs/content/testing';
import { createOrganization, createUser, TestUser } from '@docs/identity/testing';
import { integrationName, publishBody, publishIntegration, translationSettingsContract } from '@docs/integrations/testing';
import { cells, createTestApp, describePermissionTable, PermissionRole, PermissionTable, TestApp } from '@docs/platform/testing';
import { ApiModule } from './api.module';

/**
 * docs/permissions.md, "Translation settings and integrations": the table is generated from this
 * one and every cell is checked over HTTP, role by role (`describePermissionTable`). Here, in the
 * api, because installations on sites need the sites library bound to integrations' SiteDirectory.
 * "The organization" is the caller's; integrations to install are published by another one.
 */
type Who = PermissionRole;

interface Fixture {
  t: TestApp;
  organizationId: string;
  users: Record<Who, TestUser>;
  /** Admin token of another organization, the publisher of the integrations installed here. */
  publisher: { organizationId: string; token: string };
}

const as = (f: Fixture, who: Who) => f.t.http.as(f.users[who].token);
const status = async (response: Promise<{ status: number }>) => (await response).status;
const translations = (f: Fixture) => `/v1/orgs/${f.organizationId}/translations`;

async function translation(f: Fixture): Promise<string> {
  const res = await f.t.http.as(f.users.admin.token).post(translations(f), { title: 'Europe', languages: ['fr'] }, { contract: translationSettingsContract });
  return `${translations(f)}/${res.body.id}`;
}

/** A public integration of the publisher, installed on the organization by its admin: the installation's path. */
async function installation(f: Fixture): Promise<string> {
  const name = integrationName();
  await publishIntegration(f.t, f.publisher.token, f.publisher.organizationId, { visibility: 'public' }, name);
  const res = await f.t.http.as(f.users.admin.token).post(`/v1/integrations/${name}/installations`, { organization: f.organizationId });
  return `/v1/integrations/${name}/installations/${res.body.id}`;
}

/** An installation with a space of the organization on it: the path of that space installation. */
async function spaceInstallation(f: Fixture): Promise<{ base: string; spaceId: string }> {
  const base = await installation(f);
  const spaceId = (await createSpace(f.t, f.users.admin.token, f.organizationId)).id as string;
  await f.t.http.as(f.users.admin.token).post(`${base}/spaces`, { space: spaceId });
  return { base, spaceId };
}

async function site(f: Fixture): Promise<string> {
  return (await f.t.http.as(f.users.admin.token).post(`/v1/orgs/${f.organizationId}/sites`, { title: 'Docs' })).body.id as string;
}

async function siteInstallation(f: Fixture): Promise<{ base: string; siteId: string }> {
  const base = await installation(f);
  const siteId = await site(f);
  await f.t.http.as(f.users.admin.token).post(`${base}/sites`, { siteId });
  return { base, siteId };
}

const ADMIN = (ok: number, guest: number, outsider = 404) => cells(ok, 403, 403, 403, 403, 403, guest, outsider);
const SEE = cells(200, 200, 200, 200, 200, 200, 404, 404);

const INTEGRATIONS_TABLE: PermissionTable<Fixture> = {
  id: 'integrations',
  notes: true,
  rows: [
    {
      operation: '`GET /orgs/{id}/translations`, `GET .../translations/{tid}`',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 404),
      check: async (f, who) => {
        const one = await translation(f);
        return [await status(as(f, who).get(translations(f), { contract: translationSettingsContract })), await status(as(f, who).get(one, { contract: translationSettingsContract }))];
      },
    },
    { operation: '`POST /orgs/{id}/translations`', cells: ADMIN(201, 403), check: (f, who) => status(as(f, who).post(translations(f), { title: 'T' }, { contract: translationSettingsContract })) },
    { operation: '`PUT .../translations/{tid}`', cells: ADMIN(200, 403), check: async (f, who) => status(as(f, who).put(await translation(f), { title: 'EU' }, { contract: translationSettingsContract })) },
    { operation: '`DELETE .../translations/{tid}`', cells: ADMIN(205, 403), check: async (f, who) => status(as(f, who).delete(await translation(f))) },
    {
      operation: '`POST /integrations/{name}` (publish), `organization` being the organization',
      cells: ADMIN(200, 403),
      notes: '409 when another organization publishes the name',
      check: (f, who) => status(as(f, who).post(`/v1/integrations/${integrationName()}`, publishBody(f.organizationId))),
    },
    {
      operation: '`GET /integrations/{name}`, a private integration of the organization',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 404),
      notes: 'members of the owner (any role, guests too)',
      check: async (f, who) => status(as(f, who).get(`/v1/integrations/${(await publishIntegration(f.t, f.users.admin.token, f.organizationId)).name}`)),
    },
    {
      operation: '`GET /integrations/{name}`, a public (or unlisted) integration',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 200),
      check: async (f, who) => status(as(f, who).get(`/v1/integrations/${(await publishIntegration(f.t, f.publisher.token, f.publisher.organizationId, { visibility: 'unlisted' })).name}`)),
    },
    {
      operation: '`GET /integrations`',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 200),
      notes: "public ones, plus every integration of the caller's organizations",
      check: (f, who) => status(as(f, who).get('/v1/integrations')),
    },
    {
      operation: '`DELETE /integrations/{name}`, a private integration of the organization',
      cells: ADMIN(204, 403),
      notes: 'removes every installation with it',
      check: async (f, who) => status(as(f, who).delete(`/v1/integrations/${(await publishIntegration(f.t, f.users.admin.token, f.organizationId)).name}`)),
    },
    {
      operation: '`DELETE /integrations/{name}`, a public integration of the organization',
      cells: ADMIN(204, 403, 403),
      check: async (f, who) => status(as(f, who).delete(`/v1/integrations/${(await publishIntegration(f.t, f.users.admin.token, f.organizationId, { visibility: 'public' })).name}`)),
    },
    {
      operation: '`POST /integrations/{name}/installations`, `organization` being the organization',
      cells: ADMIN(201, 403),
      notes: 'private integrations: only in their owner (403 elsewhere)',
      check: async (f, who) => {
        const name = (await publishIntegration(f.t, f.publisher.token, f.publisher.organizationId, { visibility: 'public' })).name as string;
        return status(as(f, who).post(`/v1/integrations/${name}/installations`, { organization: f.organizationId }));
      },
    },
    {
      operation: '`GET .../installations`',
      cells: cells(200, 200, 200, 200, 200, 200, [200, 'none'], [200, 'none']),
      notes: 'the installations on organizations the caller belongs to (with a role); admins of the publisher list every installation of it',
      check: async (f, who) => status(as(f, who).get((await installation(f)).replace(/\/[^/]+$/, ''))),
    },
    { operation: '`GET .../installations/{iid}`', cells: SEE, notes: 'admins of the publisher: 200', check: async (f, who) => status(as(f, who).get(await installation(f))) },
    { operation: '`PATCH .../installations/{iid}`', cells: ADMIN(200, 404), notes: 'admins of the publisher: 403', check: async (f, who) => status(as(f, who).patch(await installation(f), { externalIds: ['x'] })) },
    { operation: '`DELETE .../installations/{iid}`', cells: ADMIN(204, 404), check: async (f, who) => status(as(f, who).delete(await installation(f))) },
    {
      operation: '`POST .../installations/{iid}/spaces`',
      cells: ADMIN(201, 404),
      notes: 'admin level on the space',
      check: async (f, who) => {
        const base = await installation(f);
        return status(as(f, who).post(`${base}/spaces`, { space: (await createSpace(f.t, f.users.admin.token, f.organizationId)).id }));
      },
    },
    {
      operation: '`PATCH .../spaces/{spaceId}`',
      cells: ADMIN(200, 404),
      check: async (f, who) => {
        const { base, spaceId } = await spaceInstallation(f);
        return status(as(f, who).patch(`${base}/spaces/${spaceId}`, { externalIds: ['x'] }));
      },
    },
    {
      operation: '`DELETE .../spaces/{spaceId}`',
      cells: ADMIN(204, 404),
      check: async (f, who) => {
        const { base, spaceId } = await spaceInstallation(f);
        return status(as(f, who).delete(`${base}/spaces/${spaceId}`));
      },
    },
    {
      operation: '`GET .../installations/{iid}/spaces[/{spaceId}]`',
      cells: SEE,
      notes: 'the spaces the caller can see (admins: every live one); admins of the publisher who are not members: an empty list',
      check: async (f, who) => {
        const { base, spaceId } = await spaceInstallation(f);
        return [await status(as(f, who).get(`${base}/spaces`)), await status(as(f, who).get(`${base}/spaces/${spaceId}`))];
      },
    },
    {
      operation: '`POST .../installations/{iid}/sites`',
      cells: ADMIN(201, 404),
      check: async (f, who) => {
        const base = await installation(f);
        return status(as(f, who).post(`${base}/sites`, { siteId: await site(f) }));
      },
    },
    {
      operation: '`PATCH .../sites/{siteId}`',
      cells: ADMIN(200, 404),
      check: async (f, who) => {
        const { base, siteId } = await siteInstallation(f);
        return status(as(f, who).patch(`${base}/sites/${siteId}`, { externalIds: ['x'] }));
      },
    },
    {
      operation: '`DELETE .../sites/{siteId}`',
      cells: ADMIN(204, 404),
      check: async (f, who) => {
        const { base, siteId } = await siteInstallation(f);
        return status(as(f, who).delete(`${base}/sites/${siteId}`));
      },
    },
    {
      operation: '`GET .../installations/{iid}/sites[/{siteId}]`',
      cells: SEE,
      notes: 'as the installation',
      check: async (f, who) => {
        const { base, siteId } = await siteInstallation(f);
        return [await status(as(f, who).get(`${base}/sites`)), await status(as(f, who).get(`${base}/sites/${siteId}`))];
      },
    },
  ],
};

describe('the translation settings and integrations permission table', () => {
  let f: Fixture;

  beforeAll(async () => {
    const t = await createTestApp({ imports: [ApiModule] });
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const publisher = await createOrganization(t);
    f = {
      t,
      organizationId: org.organization.id,
      users: { ...org.members, outsider: await createUser(t) } as Record<Who, TestUser>,
      publisher: { organizationId: publisher.organization.id, token: publisher.members.admin.token },
    };
  });
  afterAll(() => f.t.close());

  describePermissionTable(INTEGRATIONS_TABLE, () => f);
});
