import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

describe('change requests: reviews, review requests and merge rules', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  type Name = 'admin' | 'creator' | 'reviewer' | 'reviewer2' | 'editor' | 'commenter' | 'reader' | 'guest';

  async function setup() {
    const { organization, members } = await createOrganization(t, {
      creator: 'create',
      reviewer: 'review',
      reviewer2: 'review',
      editor: 'edit',
      commenter: 'comment',
      reader: 'read',
      guest: null,
    });
    const other = await createOrganization(t, { stranger: 'admin' });
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = (name: Name) => t.http.as(members[name].token);
    const outsider = t.http.as(other.members.admin.token);
    const page = (await as('editor').post(`/v1/spaces/${space.id}/content/pages`, { title: 'Intro', markdown: 'Hello.' })).body;
    const crs = `/v1/spaces/${space.id}/change-requests`;
    const open = async (subject = 'Edits') => {
      const cr = (await as('editor').post(crs, { subject })).body;
      await as('editor').patch(`${crs}/${cr.id}`, { status: 'open' });
      return { cr, base: `${crs}/${cr.id}`, content: `${crs}/${cr.id}/content` };
    };
    const ids = Object.fromEntries(Object.entries(members).map(([name, m]) => [name, m.user.id])) as Record<Name, string>;
    return { organization, members, other, space, as, outsider, page, crs, open, ids };
  }

  describe('reviews', () => {
    it('records a review against the head; it goes outdated when the head moves or the reviewer reviews again', async () => {
      const { as, open, page, ids } = await setup();
      const { cr, base, content } = await open();
      const approved = await as('reviewer').post(`${base}/reviews`, { status: 'approved', comment: { markdown: 'Looks good.' } });
      expect(approved.status).toBe(201);
      expect(approved.headers.location).toMatch(new RegExp(`/v1/spaces/.+/change-requests/${cr.id}/reviews$`));
      expect(approved.body).toMatchObject({
        object: 'change-request-review',
        revision: cr.revision,
        reviewer: { id: ids.reviewer },
        status: 'approved',
        outdated: false,
        comment: { object: 'comment', body: { markdown: 'Looks good.' }, postedBy: { id: ids.reviewer }, target: { changeRequest: cr.id } },
      });
      expect(approved.body.requestedBy).toBeUndefined();
      t.clock.advance(1);
      const other = await as('admin').post(`${base}/reviews`, { status: 'changes-requested' });
      expect(other.status).toBe(201);
      expect(other.body.comment).toBeUndefined();

      let list = await as('reader').get(`${base}/reviews`);
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(2);
      expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([other.body.id, approved.body.id]);

      // An edit moves the head: both reviews are outdated.
      expect((await as('editor').patch(`${content}/page/${page.id}`, { markdown: 'Hello, edited.' })).status).toBe(200);
      list = await as('reader').get(`${base}/reviews`);
      expect(list.body.items.map((r: { outdated: boolean }) => r.outdated)).toEqual([true, true]);
      expect((await as('reader').get(`${base}/reviews`, { query: { outdated: false } })).body.count).toBe(0);

      // A newer review by the same reviewer supersedes the older one.
      t.clock.advance(1);
      const again = await as('reviewer').post(`${base}/reviews`, { status: 'approved' });
      expect(again.body.outdated).toBe(false);
      expect(again.body.revision).not.toBe(cr.revision);
      const current = await as('reader').get(`${base}/reviews`, { query: { outdated: false } });
      expect(current.body).toMatchObject({ count: 1, items: [{ id: again.body.id }] });
      expect((await as('reader').get(`${base}/reviews`, { query: { outdated: true } })).body.count).toBe(2);
      const paged = await as('reader').get(`${base}/reviews`, { query: { limit: 2 } });
      expect(paged.body.items).toHaveLength(2);
      const rest = await as('reader').get(`${base}/reviews`, { query: { limit: 2, page: paged.body.next.page } });
      expect(rest.body.items.map((r: { id: string }) => r.id)).toEqual([approved.body.id]);
      expect(rest.body.next).toBeUndefined();
    });

    it('refuses bad input, the wrong level, the author, outsiders and closed change requests, changing nothing', async () => {
      const { as, open, outsider, crs, space } = await setup();
      const { base } = await open();
      expect((await t.http.as(undefined).post(`${base}/reviews`, { status: 'approved' })).status).toBe(401);
      expect((await as('reviewer').post(`${base}/reviews`, { status: 'lgtm' })).status).toBe(400);
      expect((await as('reviewer').post(`${base}/reviews`, {})).status).toBe(400);
      expect((await as('reviewer').post(`${base}/reviews`, { status: 'approved', extra: 1 })).status).toBe(400);
      const badComment = await as('reviewer').post(`${base}/reviews`, { status: 'approved', comment: { markdown: 3 } });
      expect(badComment.status).toBe(400);
      expect(badComment.body.error.message).toMatch(/comment\.markdown/);
      expect((await as('reviewer').post(`${base}/reviews`, { status: 'approved', comment: { html: '<p>x</p>' } })).status).toBe(400);
      expect((await as('reviewer').get(`${base}/reviews`, { query: { outdated: 'maybe' } })).status).toBe(400);
      expect((await as('editor').post(`${base}/reviews`, { status: 'approved' })).status).toBe(403);
      expect((await as('reader').post(`${base}/reviews`, { status: 'approved' })).status).toBe(403);
      expect((await as('guest').post(`${base}/reviews`, { status: 'approved' })).status).toBe(404);
      expect((await as('guest').get(`${base}/reviews`)).status).toBe(404);
      expect((await outsider.post(`${base}/reviews`, { status: 'approved' })).status).toBe(404);
      expect((await outsider.get(`${base}/reviews`)).status).toBe(404);
      expect((await as('reviewer').post(`${crs}/nope/reviews`, { status: 'approved' })).status).toBe(404);

      // The author (here with the review level) never reviews their own change request.
      const mine = (await as('reviewer').post(crs, { subject: 'Mine' })).body;
      expect(mine.permissions.review).toBe(false);
      const own = await as('reviewer').post(`${crs}/${mine.id}/reviews`, { status: 'approved' });
      expect(own.status).toBe(403);
      expect(own.body.error.message).toMatch(/someone else/);

      // Archived, then merged: refused.
      const archived = await open('To archive');
      await as('editor').patch(archived.base, { status: 'archived' });
      expect((await as('reviewer').post(`${archived.base}/reviews`, { status: 'approved' })).status).toBe(409);
      const merged = await open('To merge');
      expect((await as('admin').post(`${merged.base}/merge`)).body.result).toBe('merge');
      const late = await as('reviewer').post(`${merged.base}/reviews`, { status: 'approved' });
      expect(late.status).toBe(409);
      expect(late.body.error.message).toMatch(/merged/);
      expect((await as('reader').get(`${base}/reviews`)).body.count).toBe(0);
      expect((await as('reader').get(`/v1/spaces/${space.id}`)).status).toBe(200);
    });
  });

  describe('requested reviewers', () => {
    it('requests members who can review, lists them, and a review fulfils the request', async () => {
      const { as, open, ids, crs } = await setup();
      const { cr, base } = await open();
      const res = await as('editor').post(`${base}/requested-reviewers`, { users: [ids.reviewer, ids.reviewer2, ids.reviewer], subject: 'Please review' });
      expect(res.status).toBe(200);
      expect(res.body.users).toHaveLength(2);
      expect(res.body.users[0]).toMatchObject({
        object: 'change-request-requested-reviewer',
        kind: 'user',
        user: { id: ids.reviewer },
        requestedBy: { id: ids.editor },
        revision: cr.revision,
      });
      expect((await as('reader').get(`${crs}/${cr.id}`)).body.subject).toBe('Please review');

      const list = await as('reader').get(`${base}/requested-reviewers`);
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(2);
      const first = await as('reader').get(`${base}/requested-reviewers`, { query: { limit: 1 } });
      const second = await as('reader').get(`${base}/requested-reviewers`, { query: { limit: 1, page: first.body.next.page } });
      expect([first.body.items[0].user.id, second.body.items[0].user.id].sort()).toEqual([ids.reviewer, ids.reviewer2].sort());
      expect(second.body.next).toBeUndefined();

      // The requested reviewer reviews: the request is fulfilled, the review says who asked.
      const review = await as('reviewer').post(`${base}/reviews`, { status: 'approved' });
      expect(review.body.requestedBy).toMatchObject({ id: ids.editor });
      const after = await as('reader').get(`${base}/requested-reviewers`);
      expect(after.body).toMatchObject({ count: 1, items: [{ user: { id: ids.reviewer2 } }] });

      // Withdraw: 205, then 204 (nothing left); reader 403.
      expect((await as('reader').delete(`${base}/requested-reviewers/${ids.reviewer2}`)).status).toBe(403);
      expect((await as('editor').delete(`${base}/requested-reviewers/${ids.reviewer2}`)).status).toBe(205);
      expect((await as('editor').delete(`${base}/requested-reviewers/${ids.reviewer2}`)).status).toBe(204);
      expect((await as('reader').get(`${base}/requested-reviewers`)).body.count).toBe(0);
    });

    it('refuses users who cannot review (naming them), another organization, the author, bad bodies; changes nothing', async () => {
      const { as, open, ids, other, outsider, crs } = await setup();
      const { cr, base } = await open();
      const post = (users: unknown, name: Name = 'editor') => as(name).post(`${base}/requested-reviewers`, { users });
      const check = async (users: unknown, message: RegExp | string) => {
        const res = await post(users);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(message);
      };
      await check([ids.reviewer, ids.editor], ids.editor);
      await check([ids.commenter], new RegExp(`user ${ids.commenter} cannot review`));
      await check([ids.guest], ids.guest);
      await check([other.members.stranger.user.id], new RegExp(`user ${other.members.stranger.user.id} is not a member`));
      await check(['nobody'], /nobody is not a member/);
      const mine = (await as('reviewer2').post(crs, { subject: 'Mine' })).body;
      const own = await as('reviewer2').post(`${crs}/${mine.id}/requested-reviewers`, { users: [ids.reviewer2] });
      expect(own.status).toBe(400);
      expect(own.body.error.message).toMatch(/opened the change request/);
      await check([], /users/);
      await check('x', /users/);
      expect((await as('editor').post(`${base}/requested-reviewers`, { users: [ids.reviewer], description: {} })).status).toBe(400);
      expect((await as('reader').post(`${base}/requested-reviewers`, { users: [ids.reviewer] })).status).toBe(403);
      expect((await outsider.post(`${base}/requested-reviewers`, { users: [ids.reviewer] })).status).toBe(404);
      expect((await outsider.get(`${base}/requested-reviewers`)).status).toBe(404);
      expect((await outsider.delete(`${base}/requested-reviewers/${ids.reviewer}`)).status).toBe(404);
      expect((await t.http.as(undefined).get(`${base}/requested-reviewers`)).status).toBe(401);
      expect((await as('reader').get(`${base}/requested-reviewers`)).body.count).toBe(0);
      expect((await as('reader').get(`${crs}/${cr.id}`)).body.subject).toBe('Edits');
    });
  });

  describe('merge rules', () => {
    it('organization rules: admin only, validated, members only, shown on the organization', async () => {
      const { as, organization, ids, other, outsider } = await setup();
      const path = `/v1/orgs/${organization.id}`;
      expect((await as('reader').get(path)).body.mergeRules).toEqual({ type: 'none' });
      const rules = { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: [ids.admin] }] };
      expect((await as('creator').patch(path, { mergeRules: rules })).status).toBe(403);
      expect((await outsider.patch(path, { mergeRules: rules })).status).toBe(404);
      expect((await t.http.as(undefined).patch(path, { mergeRules: rules })).status).toBe(401);
      const inherit = await as('admin').patch(path, { mergeRules: { type: 'inherit' } });
      expect(inherit.status).toBe(400);
      expect(inherit.body.error.message).toMatch(/mergeRules\.type/);
      const custom = await as('admin').patch(path, { mergeRules: { type: 'rules', rules: [{ rule: 'custom', expression: 'true' }] } });
      expect(custom.status).toBe(400);
      expect(custom.body.error.message).toMatch(/mergeRules\.rules\[0\]\.rule custom is not supported/);
      const stranger = await as('admin').patch(path, { mergeRules: { type: 'rules', rules: [{ rule: 'allow_bypass', users: [other.members.stranger.user.id] }] } });
      expect(stranger.status).toBe(400);
      expect(stranger.body.error.message).toContain(other.members.stranger.user.id);
      expect((await as('admin').patch(path, { hostname: 'x' })).status).toBe(400);
      expect((await as('reader').get(path)).body.mergeRules).toEqual({ type: 'none' });

      const saved = await as('admin').patch(path, { mergeRules: rules, title: 'Renamed org' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ title: 'Renamed org', mergeRules: rules });
      expect((await as('reader').get(path)).body.mergeRules).toEqual(rules);
      expect((await as('reader').get('/v1/orgs')).body.items.find((o: { id: string }) => o.id === organization.id).mergeRules).toEqual(rules);
    });

    it('space rules: inherit by default, admin only, validated', async () => {
      const { as, space, ids } = await setup();
      const path = `/v1/spaces/${space.id}`;
      expect((await as('reader').get(path)).body.mergeRules).toEqual({ type: 'inherit' });
      const rules = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [ids.reviewer] }] };
      expect((await as('creator').patch(path, { mergeRules: rules })).status).toBe(403);
      expect((await as('admin').patch(path, { mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['ghost'] }] } })).status).toBe(400);
      expect((await as('admin').patch(path, { mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers' }] } })).status).toBe(400);
      expect((await as('reader').get(path)).body.mergeRules).toEqual({ type: 'inherit' });
      expect((await as('admin').patch(path, { mergeRules: rules })).body.mergeRules).toEqual(rules);
      expect((await as('admin').patch(path, { mergeRules: { type: 'none' } })).body.mergeRules).toEqual({ type: 'none' });
    });

    it('a merge the rules do not allow is refused naming the rule, changes nothing, and goes through once approved', async () => {
      const { as, open, page, space, organization, ids } = await setup();
      await as('admin').patch(`/v1/orgs/${organization.id}`, {
        mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [ids.reviewer] }, { rule: 'require_change_request_subject' }] },
      });
      const { base, content } = await open();
      await as('editor').patch(`${content}/page/${page.id}`, { markdown: 'Hello, reviewed.' });
      const spaceBefore = (await as('reader').get(`/v1/spaces/${space.id}`)).body;

      const refused = await as('admin').post(`${base}/merge`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/require_specific_reviewers/);
      expect(refused.body.error.message).toContain(ids.reviewer);
      expect(refused.body.error.message).not.toMatch(/require_change_request_subject/);

      // Approvals of someone else do not count; a changes-requested review blocks.
      await as('reviewer2').post(`${base}/reviews`, { status: 'changes-requested' });
      await as('reviewer').post(`${base}/reviews`, { status: 'approved' });
      const blocked = await as('admin').post(`${base}/merge`);
      expect(blocked.status).toBe(409);
      expect(blocked.body.error.message).toMatch(/no_changes_requested/);
      await as('reviewer2').post(`${base}/reviews`, { status: 'approved' });

      // An edit makes the approvals outdated: refused again.
      await as('editor').patch(`${content}/page/${page.id}`, { markdown: 'Hello, reviewed twice.' });
      expect((await as('admin').post(`${base}/merge`)).status).toBe(409);
      const after = (await as('reader').get(`/v1/spaces/${space.id}`)).body;
      expect(after).toMatchObject({ revision: spaceBefore.revision, changeRequestsOpen: 1, changeRequests: 1 });
      expect((await as('reader').get(base)).body.status).toBe('open');

      await as('reviewer').post(`${base}/reviews`, { status: 'approved' });
      const merged = await as('reviewer2').post(`${base}/merge`);
      expect(merged.status).toBe(200);
      expect(merged.body.result).toBe('merge');
      expect((await as('reader').get(`/v1/spaces/${space.id}`)).body).toMatchObject({ changeRequestsOpen: 0, changeRequests: 1 });
    });

    it('space rules override the organization; allow_bypass lets its users merge; up-to-date and subject rules', async () => {
      const { as, open, page, space, organization, ids } = await setup();
      await as('admin').patch(`/v1/orgs/${organization.id}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } });
      await as('admin').patch(`/v1/spaces/${space.id}`, {
        mergeRules: {
          type: 'rules',
          rules: [{ rule: 'require_up_to_date_change_request' }, { rule: 'require_change_request_subject' }, { rule: 'allow_bypass', users: [ids.creator] }],
        },
      });
      const first = await open('');
      await as('editor').patch(`/v1/spaces/${space.id}/content/page/${page.id}`, { markdown: 'Space moved on.' });
      const refused = await as('reviewer').post(`${first.base}/merge`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/require_up_to_date_change_request.*require_change_request_subject/);
      expect(refused.body.error.message).not.toMatch(/require_at_least_one_review/);
      expect((await as('creator').post(`${first.base}/merge`)).body.result).toBe('merge');

      const second = await open('Subject');
      await as('admin').patch(`/v1/spaces/${space.id}`, { mergeRules: { type: 'inherit' } });
      expect((await as('reviewer').post(`${second.base}/merge`)).status).toBe(409);
      await as('reviewer2').post(`${second.base}/reviews`, { status: 'approved' });
      expect((await as('reviewer').post(`${second.base}/merge`)).body.result).toBe('merge');
    });
  });

  describe('permissions: review and merge cells', () => {
    it('space and change request review/merge follow the role table; the author never reviews', async () => {
      const { as, open, space, crs, outsider } = await setup();
      const { base } = await open();
      const expected: Record<Name, { review: boolean; merge: boolean } | 404> = {
        admin: { review: true, merge: true },
        creator: { review: true, merge: true },
        reviewer: { review: true, merge: true },
        reviewer2: { review: true, merge: true },
        editor: { review: false, merge: false },
        commenter: { review: false, merge: false },
        reader: { review: false, merge: false },
        guest: 404,
      };
      for (const [name, cell] of Object.entries(expected) as [Name, (typeof expected)[Name]][]) {
        const spaceRes = await as(name).get(`/v1/spaces/${space.id}`);
        const crRes = await as(name).get(base);
        if (cell === 404) {
          expect([spaceRes.status, crRes.status]).toEqual([404, 404]);
          continue;
        }
        expect({ name, ...spaceRes.body.permissions }).toMatchObject({ name, ...cell });
        expect({ name, ...crRes.body.permissions }).toMatchObject({ name, ...cell });
      }
      expect([(await outsider.get(`/v1/spaces/${space.id}`)).status, (await outsider.get(base)).status]).toEqual([404, 404]);
      // A locked space: review and merge stay (its changes come through change requests), live edits go.
      await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
      expect((await as('reviewer').get(base)).body.permissions).toMatchObject({ review: true, merge: true, edit: true });
      expect((await as('reviewer').get(`/v1/spaces/${space.id}`)).body.permissions).toMatchObject({ review: true, merge: true, edit: true, triggerGitSync: false });
      expect((await as('reviewer').post(`${base}/reviews`, { status: 'approved' })).status).toBe(201);
      await as('admin').patch(`/v1/spaces/${space.id}`, { editMode: 'live' });
      // The creator-role author of a change request: review false on it, true on others.
      const own = (await as('creator').post(crs, { subject: 'Own' })).body;
      expect(own.permissions).toMatchObject({ review: false, merge: true });
      expect((await as('creator').get(base)).body.permissions.review).toBe(true);
    });
  });
});
