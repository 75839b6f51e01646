import { ContentModule } from '@docs/content';
import { createSpace, unzipWithTool } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { CollaborationModule } from '../collaboration.module';

describe('change request export as markdown files (GET .../change-requests/{changeRequestId}/export?format=markdown)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule, CollaborationModule] });
  });
  afterAll(() => t.close());

  it("exports the change request's head, not the space's, and answers the usual errors", async () => {
    const { organization, members } = await createOrganization(t, { editor: 'edit', reader: 'read', guest: null });
    const space = await createSpace(t, members.admin.token, organization.id, { title: 'Team Handbook' });
    const as = (name: 'admin' | 'editor' | 'reader' | 'guest') => t.http.as(members[name].token);
    expect((await as('editor').post(`/v1/spaces/${space.id}/content/pages`, { title: 'Shared page', markdown: 'Already published.' })).status).toBe(201);
    const changeRequest = (await as('editor').post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Add the deploy guide' })).body;
    const base = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`;
    expect((await as('editor').post(`${base}/content/pages`, { title: 'Deploy guide', markdown: 'Roll it out.' })).status).toBe(201);

    const res = await as('reader').get(`${base}/export`, { query: { format: 'markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Team%20Handbook%20-%20Change%20request%201.zip`);
    const files = unzipWithTool(res.body as Buffer);
    expect([...files.keys()].sort()).toEqual(['.gitbook.yaml', 'README.md', 'SUMMARY.md', 'deploy-guide.md']);
    expect(files.get('deploy-guide.md')?.toString()).toBe('# Deploy guide\n\nRoll it out.\n');
    // By its number too.
    expect((await as('reader').get(`/v1/spaces/${space.id}/change-requests/${changeRequest.number}/export`, { query: { format: 'markdown' } })).status).toBe(200);
    const space2 = await as('reader').get(`/v1/spaces/${space.id}/export`, { query: { format: 'markdown' } });
    expect([...unzipWithTool(space2.body as Buffer).keys()]).not.toContain('deploy-guide.md');

    expect((await as('reader').get(`${base}/export`)).status).toBe(400);
    expect((await as('reader').get(`${base}/export`, { query: { format: 'docx' } })).status).toBe(400);
    expect((await as('reader').get(`/v1/spaces/${space.id}/change-requests/unknown/export`, { query: { format: 'markdown' } })).status).toBe(404);
    expect((await as('guest').get(`${base}/export`, { query: { format: 'markdown' } })).status).toBe(404);
    expect((await t.http.as(undefined).get(`${base}/export`, { query: { format: 'markdown' } })).status).toBe(401);
  });
});
