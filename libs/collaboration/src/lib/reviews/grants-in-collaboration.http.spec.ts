import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

/**
 * Grants in change requests, reviews and comments: a member who reaches a private space only
 * through a grant (theirs or a team's) works in it at the granted level, can be asked to review
 * when that level is review, and is mentioned as a reader; whoever has no grant sees none of its
 * change requests.
 */
describe('grants in change requests, reviews and comments', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  it('lets granted members author, review and be mentioned in a private space; others see nothing of it', async () => {
    const { organization, members } = await createOrganization(t, { author: 'read', reviewer: 'read', reader: 'read', outside: 'edit' });
    const as = (name: keyof typeof members) => t.http.as(members[name].token);
    const space = await createSpace(t, members.admin.token, organization.id);
    await as('admin').patch(`/v1/spaces/${space.id}`, { defaultLevel: null });
    const team = (await as('admin').put(`/v1/orgs/${organization.id}/teams`, { title: 'Reviewers', members: [members.reviewer.user.id] })).body;
    expect((await as('admin').post(`/v1/spaces/${space.id}/permissions`, { role: 'edit', users: [members.author.user.id] })).status).toBe(204);
    expect((await as('admin').post(`/v1/spaces/${space.id}/permissions`, { role: 'review', teams: [team.id] })).status).toBe(204);
    expect((await as('admin').post(`/v1/spaces/${space.id}/permissions`, { role: 'read', users: [members.reader.user.id] })).status).toBe(204);

    const crs = `/v1/spaces/${space.id}/change-requests`;
    const cr = await as('author').post(crs, { subject: 'Granted edits' });
    expect(cr.status).toBe(201);
    await as('author').patch(`${crs}/${cr.body.id}`, { status: 'open' });
    const base = `${crs}/${cr.body.id}`;
    // The team's grant makes its member a reviewer; a reader's grant does not.
    expect((await as('author').post(`${base}/requested-reviewers`, { users: [members.reviewer.user.id] })).status).toBe(200);
    const refused = await as('author').post(`${base}/requested-reviewers`, { users: [members.reader.user.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('has read');
    expect((await as('reviewer').post(`${base}/reviews`, { status: 'approved' })).status).toBe(201);

    // Mentions: the readers through grants are recorded; a member without one is not.
    const email = (name: keyof typeof members) => members[name].user.email;
    const comment = (await as('author').post(`/v1/spaces/${space.id}/comments`, { body: { markdown: `@${email('reader')} @${email('outside')}` } })).body;
    const mentioned = await t.dataSource.query(`SELECT user_id FROM comment_mentions WHERE subject_id = $1`, [comment.id]);
    expect(mentioned.map((row: { user_id: string }) => row.user_id)).toEqual([members.reader.user.id]);

    // The member without a grant: 404 for the space's change requests, comments and reviews.
    for (const path of [crs, base, `${base}/reviews`, `/v1/spaces/${space.id}/comments`]) expect([path, (await as('outside').get(path)).status]).toEqual([path, 404]);
    // The grant gone, its team member is shut out at the next request.
    expect((await as('admin').delete(`/v1/spaces/${space.id}/permissions/teams/${team.id}`)).status).toBe(205);
    expect((await as('reviewer').get(base)).status).toBe(404);
  });
});
