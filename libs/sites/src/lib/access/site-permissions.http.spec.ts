import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { cells, createTestApp, describePermissionTable, PermissionRole, PermissionTable, TestApp } from '@docs/platform/testing';
import { createSection, createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

/**
 * docs/permissions.md, "Sites": the table is generated from this one and every cell is checked
 * over HTTP, role by role (`describePermissionTable`). Each check that changes something works
 * on a site (or an item of it) made for that call.
 */
type Who = PermissionRole;

interface Fixture {
  t: TestApp;
  organizationId: string;
  tokens: Record<Who, string>;
}

const as = (f: Fixture, who: Who) => f.t.http.as(f.tokens[who]);
const status = async (response: Promise<{ status: number }>) => (await response).status;

/** A published site of one section (one site space) and an extra space of the organization, made by the admin. */
async function site(f: Fixture) {
  const { site: created, spaces } = await createSiteWithSpaces(f.t, f.tokens.admin, f.organizationId, 1);
  const base = `/v1/orgs/${f.organizationId}/sites/${created.id}`;
  const section = await createSection(f.t, f.tokens.admin, base, spaces[0].id);
  await f.t.http.as(f.tokens.admin).post(`${base}/publish`);
  const spaceId = (await createSpace(f.t, f.tokens.admin, f.organizationId)).id as string;
  return { base, sectionId: section.id as string, spaceId };
}

/** A published site with a redirect of `/old` to its site space. */
async function customizable(f: Fixture) {
  const { base } = await site(f);
  const siteSpaceId = (await f.t.http.as(f.tokens.admin).get(`${base}/site-spaces`)).body.items[0].id as string;
  const redirectId = (await f.t.http.as(f.tokens.admin).post(`${base}/redirects`, { source: '/old', destination: { kind: 'site-space', siteSpaceId } })).body.id as string;
  return { base, siteSpaceId, redirectId };
}

const MANAGE = (ok: number) => cells(ok, 403, 403, 403, 403, 403, 404, 404);

const SITES_TABLE: PermissionTable<Fixture> = {
  id: 'sites',
  rows: [
    { operation: '`GET /orgs/{id}/sites`', cells: cells(200, 200, 200, 200, 200, 200, 403, 404), check: (f, who) => status(as(f, who).get(`/v1/orgs/${f.organizationId}/sites`)) },
    { operation: '`POST /orgs/{id}/sites`', cells: cells(201, 403, 403, 403, 403, 403, 403, 404), check: (f, who) => status(as(f, who).post(`/v1/orgs/${f.organizationId}/sites`, { title: 'New' })) },
    {
      operation:
        '`GET /orgs/{id}/sites/{siteId}`, `.../structure`, `.../sections`, `.../section-groups`, `.../site-spaces`, `.../adaptive-schema`, `.../adaptive-schema/template-conditions`, `.../publishing/preview`, `.../permissions/aggregate`',
      cells: cells(200, 200, 200, 200, 200, 200, 404, 404),
      check: async (f, who) => {
        const { base } = await site(f);
        return Promise.all(['', '/structure', '/sections', '/section-groups', '/site-spaces', '/adaptive-schema', '/adaptive-schema/template-conditions', '/publishing/preview', '/permissions/aggregate'].map((path) => status(as(f, who).get(`${base}${path}`))));
      },
    },
    {
      operation: '`PATCH` a site; `publish`, `unpublish`; `PUT .../adaptive-schema`',
      cells: MANAGE(200),
      check: async (f, who) => {
        const { base } = await site(f);
        return [
          await status(as(f, who).patch(base, { title: 'Renamed' })),
          await status(as(f, who).put(`${base}/adaptive-schema`, { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } })),
          await status(as(f, who).post(`${base}/unpublish`)),
          await status(as(f, who).post(`${base}/publish`)),
        ];
      },
    },
    { operation: '`DELETE` a site', cells: MANAGE(205), check: async (f, who) => status(as(f, who).delete((await site(f)).base)) },
    {
      operation: 'Sections, section groups, site spaces: create',
      cells: MANAGE(201),
      check: async (f, who) => {
        const { base, spaceId, sectionId } = await site(f);
        return [
          await status(as(f, who).post(`${base}/section-groups`, { title: 'Group' })),
          await status(as(f, who).post(`${base}/site-spaces`, { spaceId, sectionId })),
          await status(as(f, who).post(`${base}/sections`, { spaceId, title: 'Another' })),
        ];
      },
    },
    {
      operation: 'Sections, section groups, site spaces: update, add a section to a group; `PATCH .../structure/sort`',
      cells: MANAGE(200),
      check: async (f, who) => {
        const { base, sectionId } = await site(f);
        const group = (await as(f, 'admin').post(`${base}/section-groups`, { title: 'Group' })).body.id as string;
        return [
          await status(as(f, who).patch(`${base}/sections/${sectionId}`, { title: 'Section' })),
          await status(as(f, who).patch(`${base}/section-groups/${group}`, { title: 'Renamed' })),
          await status(as(f, who).patch(`${base}/structure/sort`, { item: { type: 'site-section', id: sectionId }, position: {} })),
        ];
      },
    },
    {
      operation: 'Sections, section groups, site spaces: delete, remove a section from a group',
      cells: MANAGE(205),
      check: async (f, who) => {
        const { base, spaceId, sectionId } = await site(f);
        const group = (await as(f, 'admin').post(`${base}/section-groups`, { title: 'Group' })).body.id as string;
        const siteSpace = (await as(f, 'admin').post(`${base}/site-spaces`, { spaceId, sectionId })).body.id as string;
        return [await status(as(f, who).delete(`${base}/site-spaces/${siteSpace}`)), await status(as(f, who).delete(`${base}/section-groups/${group}`))];
      },
    },
    { operation: 'Share links: list (their keys are secrets)', cells: MANAGE(200), check: async (f, who) => status(as(f, who).get(`${(await site(f)).base}/share-links`)) },
    { operation: 'Share links: create', cells: MANAGE(201), check: async (f, who) => status(as(f, who).post(`${(await site(f)).base}/share-links`, { name: 'x' })) },
    {
      operation: 'Share links: update',
      cells: MANAGE(200),
      check: async (f, who) => {
        const { base } = await site(f);
        const link = (await as(f, 'admin').post(`${base}/share-links`, { name: 'x' })).body.id as string;
        return status(as(f, who).patch(`${base}/share-links/${link}`, { name: 'y' }));
      },
    },
    {
      operation: 'Share links: delete',
      cells: MANAGE(205),
      check: async (f, who) => {
        const { base } = await site(f);
        const link = (await as(f, 'admin').post(`${base}/share-links`, { name: 'x' })).body.id as string;
        return status(as(f, who).delete(`${base}/share-links/${link}`));
      },
    },
    {
      operation: '`GET`, `PATCH`, `POST .../publishing/auth[/regenerate]` (the visitor-token signing key, the fallback URL)',
      cells: MANAGE(200),
      check: async (f, who) => {
        const { base } = await site(f);
        return [
          await status(as(f, who).get(`${base}/publishing/auth`)),
          await status(as(f, who).patch(`${base}/publishing/auth`, { backend: 'custom', fallbackURL: null })),
          await status(as(f, who).post(`${base}/publishing/auth/regenerate`)),
        ];
      },
    },
    {
      operation: '`GET .../customization`, `GET .../site-spaces/{siteSpaceId}/customization`, `GET .../redirects`, `GET .../redirect?source=`',
      cells: cells(200, 200, 200, 200, 200, 200, 404, 404),
      check: async (f, who) => {
        const { base, siteSpaceId } = await customizable(f);
        return Promise.all(
          ['/customization', `/site-spaces/${siteSpaceId}/customization`, '/redirects', '/redirect?source=/old'].map((path) => status(as(f, who).get(`${base}${path}`))),
        );
      },
    },
    {
      operation: '`PUT .../customization`; `PATCH .../site-spaces/{siteSpaceId}/customization`; redirects: `PATCH`',
      cells: MANAGE(200),
      check: async (f, who) => {
        const { base, siteSpaceId, redirectId } = await customizable(f);
        const current = (await as(f, 'admin').get(`${base}/customization`)).body;
        return [
          await status(as(f, who).put(`${base}/customization`, { ...current, title: 'Branded' })),
          await status(as(f, who).patch(`${base}/site-spaces/${siteSpaceId}/customization`, { title: 'Variant' })),
          await status(as(f, who).patch(`${base}/redirects/${redirectId}`, { source: '/older' })),
        ];
      },
    },
    {
      operation: 'Redirects: create',
      cells: MANAGE(201),
      check: async (f, who) => {
        const { base, siteSpaceId } = await customizable(f);
        return status(as(f, who).post(`${base}/redirects`, { source: '/new', destination: { kind: 'site-space', siteSpaceId } }));
      },
    },
    {
      operation: '`DELETE .../site-spaces/{siteSpaceId}/customization`; redirects: delete',
      cells: MANAGE(205),
      check: async (f, who) => {
        const { base, siteSpaceId, redirectId } = await customizable(f);
        return [await status(as(f, who).delete(`${base}/site-spaces/${siteSpaceId}/customization`)), await status(as(f, who).delete(`${base}/redirects/${redirectId}`))];
      },
    },
    {
      operation: '`GET .../published`, `POST .../search` (a published public site: its audience is any authenticated caller, member or not)',
      cells: cells(200, 200, 200, 200, 200, 200, 200, 200),
      check: async (f, who) => {
        const { base } = await site(f);
        return [await status(as(f, who).get(`${base}/published`)), await status(as(f, who).post(`${base}/search`, { query: 'x', scope: { mode: 'all' } }))];
      },
    },
  ],
};

describe('site permissions', () => {
  let f: Fixture;

  beforeAll(async () => {
    const t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const tokens = { ...Object.fromEntries(Object.entries(org.members).map(([name, m]) => [name, m.token])), outsider: (await createUser(t)).token } as Record<Who, string>;
    f = { t, organizationId: org.organization.id, tokens };
  });
  afterAll(() => f.t.close());

  describePermissionTable(SITES_TABLE, () => f);

  it('aggregates exactly the members who read the site (every one with a role, at that role), paged', async () => {
    const { base } = await site(f);
    const people = await f.t.http.as(f.tokens.read).all<{ permission: string; user: { id: string }; origin: unknown }>(`${base}/permissions/aggregate`, { limit: 2 });
    expect(people.map((person) => person.permission).sort()).toEqual(['admin', 'comment', 'create', 'edit', 'read', 'review']);
    expect(new Set(people.map((person) => JSON.stringify(person.origin)))).toEqual(new Set([JSON.stringify({ type: 'organization', organization: f.organizationId })]));
    expect((await as(f, 'read').get(`${base}/permissions/aggregate`, { query: { limit: 0 } })).body.count).toBe(6);
  });
});
