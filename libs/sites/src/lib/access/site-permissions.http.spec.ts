import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization, createUser } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { createSection, createSiteWithSpaces } from '../../testing/site-fixtures';
import { SitesModule } from '../sites.module';

/** docs/permissions.md, "Sites", row by row and role by role. */
describe('site permissions', () => {
  let t: TestApp;
  const roles = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'] as const;
  type Role = (typeof roles)[number];
  let tokens: Record<Role, string>;
  let organizationId: string;
  let base: string;
  let sectionId: string;
  let spaceId: string;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule, ContentModule, SitesModule] });
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    organizationId = org.organization.id;
    tokens = { ...Object.fromEntries(Object.entries(org.members).map(([name, m]) => [name, m.token])), outsider: (await createUser(t)).token } as Record<Role, string>;
    const { site, spaces } = await createSiteWithSpaces(t, tokens.admin, organizationId, 1);
    base = `/v1/orgs/${organizationId}/sites/${site.id}`;
    spaceId = (await createSpace(t, tokens.admin, organizationId)).id;
    sectionId = (await createSection(t, tokens.admin, base, spaces[0].id)).id;
    await t.http.as(tokens.admin).post(`${base}/publish`);
  });
  afterAll(() => t.close());

  const reader = { admin: 200, create: 200, review: 200, edit: 200, comment: 200, read: 200, guest: 404, outsider: 404 };
  const manager = (ok: number) => ({ admin: ok, create: 403, review: 403, edit: 403, comment: 403, read: 403, guest: 404, outsider: 404 });

  const rows: [string, (token: string) => Promise<{ status: number }>, Record<Role, number>][] = [
    ['GET sites', (tk) => t.http.as(tk).get(`/v1/orgs/${organizationId}/sites`), { ...reader, guest: 403 }],
    ['POST sites', (tk) => t.http.as(tk).post(`/v1/orgs/${organizationId}/sites`, { title: 'New' }), { ...manager(201), guest: 403 }],
    ['GET site', (tk) => t.http.as(tk).get(base), reader],
    ['GET structure', (tk) => t.http.as(tk).get(`${base}/structure`), reader],
    ['GET sections', (tk) => t.http.as(tk).get(`${base}/sections`), reader],
    ['GET section groups', (tk) => t.http.as(tk).get(`${base}/section-groups`), reader],
    ['GET site spaces', (tk) => t.http.as(tk).get(`${base}/site-spaces`), reader],
    ['GET adaptive schema', (tk) => t.http.as(tk).get(`${base}/adaptive-schema`), reader],
    ['GET template conditions', (tk) => t.http.as(tk).get(`${base}/adaptive-schema/template-conditions`), reader],
    ['PATCH site', (tk) => t.http.as(tk).patch(base, { title: 'Renamed' }), manager(200)],
    ['POST publish', (tk) => t.http.as(tk).post(`${base}/publish`), manager(200)],
    ['PUT adaptive schema', (tk) => t.http.as(tk).put(`${base}/adaptive-schema`, { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } }), manager(200)],
    ['PATCH section', (tk) => t.http.as(tk).patch(`${base}/sections/${sectionId}`, { title: 'Section' }), manager(200)],
    ['POST site space', (tk) => t.http.as(tk).post(`${base}/site-spaces`, { spaceId, sectionId }), manager(201)],
    ['POST section group', (tk) => t.http.as(tk).post(`${base}/section-groups`, { title: 'G' }), manager(201)],
    ['PATCH structure/sort', (tk) => t.http.as(tk).patch(`${base}/structure/sort`, { item: { type: 'site-section', id: sectionId }, position: {} }), manager(200)],
    ['GET share links', (tk) => t.http.as(tk).get(`${base}/share-links`), manager(200)],
    ['POST share link', (tk) => t.http.as(tk).post(`${base}/share-links`, { name: 'x' }), manager(201)],
    ['GET publishing auth', (tk) => t.http.as(tk).get(`${base}/publishing/auth`), manager(200)],
    ['PATCH publishing auth', (tk) => t.http.as(tk).patch(`${base}/publishing/auth`, { backend: 'custom', fallbackURL: null }), manager(200)],
    ['POST search (public site)', (tk) => t.http.as(tk).post(`${base}/search`, { query: 'x', scope: { mode: 'all' } }), { admin: 200, create: 200, review: 200, edit: 200, comment: 200, read: 200, guest: 200, outsider: 200 }],
    ['GET published (public site)', (tk) => t.http.as(tk).get(`${base}/published`), { admin: 200, create: 200, review: 200, edit: 200, comment: 200, read: 200, guest: 200, outsider: 200 }],
  ];

  it.each(rows)('%s', async (_name, call, expected) => {
    const actual = Object.fromEntries(await Promise.all(roles.map(async (role) => [role, (await call(tokens[role])).status] as const)));
    expect(actual).toEqual(expected);
  });
});
