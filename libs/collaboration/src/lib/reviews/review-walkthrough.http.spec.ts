import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, TEST_PUBLIC_URL } from '@docs/platform/testing';
import request from 'supertest';
import { CollaborationModule } from '../collaboration.module';

/** Issue 9's "Done when", over the API alone: nothing reaches the space until someone has reviewed it. */
describe('change requests: the review walkthrough', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  it('open, edit, outdated, update, request a review, approve, merge, see the space change, download the PDF', async () => {
    const { organization, members } = await createOrganization(t, { writer: 'edit', colleague: 'edit', lead: 'review' });
    const as = (name: 'admin' | 'writer' | 'colleague' | 'lead') => t.http.as(members[name].token);
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Handbook' });
    const spaceBase = `/v1/spaces/${space.id}`;
    await as('admin').patch(`/v1/orgs/${organization.id}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } });
    const intro = (await as('writer').post(`${spaceBase}/content/pages`, { title: 'Intro', markdown: 'Welcome.' })).body;
    const faq = (await as('writer').post(`${spaceBase}/content/pages`, { title: 'FAQ', markdown: 'Questions.' })).body;

    // Open a change request and edit a page in it.
    const cr = (await as('writer').post(`${spaceBase}/change-requests`, { subject: 'Better intro' })).body;
    const base = `${spaceBase}/change-requests/${cr.id}`;
    expect((await as('writer').patch(base, { status: 'open' })).body.status).toBe('open');
    expect((await as('writer').patch(`${base}/content/page/${intro.id}`, { markdown: 'Welcome to the handbook.' })).status).toBe(200);
    expect((await as('writer').get(base)).body.outdated).toBe(false);

    // Someone else edits the space: the change request is outdated; updating brings it back.
    expect((await as('colleague').patch(`${spaceBase}/content/page/${faq.id}`, { markdown: 'Questions and answers.' })).status).toBe(200);
    expect((await as('writer').get(base)).body.outdated).toBe(true);
    const updated = await as('writer').post(`${base}/update`);
    expect(updated.body.result).toBe('update');
    expect((await as('writer').get(base)).body.outdated).toBe(false);

    // Request a review; the merge is refused until the lead approves.
    const requested = await as('writer').post(`${base}/requested-reviewers`, { users: [members.lead.user.id] });
    expect(requested.status).toBe(200);
    const refused = await as('lead').post(`${base}/merge`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/require_at_least_one_review/);
    const review = await as('lead').post(`${base}/reviews`, { status: 'approved', comment: { markdown: 'Ship it.' } });
    expect(review.status).toBe(201);
    expect(review.body).toMatchObject({ status: 'approved', outdated: false, requestedBy: { id: members.writer.user.id } });
    expect((await as('writer').get(`${base}/requested-reviewers`)).body.count).toBe(0);

    // Merge; the space shows the change.
    const merged = await as('lead').post(`${base}/merge`);
    expect(merged.status).toBe(200);
    expect(merged.body.result).toBe('merge');
    const page = await as('writer').get(`${spaceBase}/content/page/${intro.id}`, { query: { format: 'markdown' } });
    expect(page.body.markdown).toBe('Welcome to the handbook.\n');
    expect((await as('writer').get(`${spaceBase}/content/page/${faq.id}`, { query: { format: 'markdown' } })).body.markdown).toBe('Questions and answers.\n');
    expect((await as('writer').get(base)).body).toMatchObject({ status: 'merged', revisionMerged: merged.body.revision });
    expect((await as('writer').get(`${base}/reviews`)).body.items[0]).toMatchObject({ status: 'approved', outdated: false });

    // Download the change request as a PDF.
    const pdf = await as('writer').get(`${base}/pdf`);
    expect(pdf.status).toBe(200);
    const download = await request(t.app.getHttpServer())
      .get(pdf.body.url.slice(TEST_PUBLIC_URL.length))
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect((download.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
