import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import type { EntityManager } from 'typeorm';
import { createSpace } from '../../testing';
import { ContentModule } from '../content.module';
import { ContentDelta, ContentIndexer, ContentIndexers } from './content-indexer';

/** An indexer that records what it is given, and can be told to fail. */
class RecordingIndexer implements ContentIndexer {
  readonly name = 'recording';
  deltas: ContentDelta[] = [];
  copies: { fromHeadKey: string; toHeadKey: string }[] = [];
  failNext = false;

  async apply(tx: EntityManager, delta: ContentDelta): Promise<void> {
    // Inside the write's transaction: the head has already moved.
    const [row] = await tx.query(`SELECT revision_id FROM spaces WHERE id = $1`, [delta.spaceId]);
    expect(row.revision_id).toBe(delta.revisionId);
    if (this.failNext) {
      this.failNext = false;
      throw new Error('index unavailable');
    }
    this.deltas.push(delta);
  }

  async copyHead(_tx: EntityManager, copy: { fromHeadKey: string; toHeadKey: string }): Promise<void> {
    this.copies.push(copy);
  }

  async dropHeads(): Promise<void> {
    // Keeps nothing per head.
  }
}

describe('content indexers', () => {
  let t: TestApp;
  const indexer = new RecordingIndexer();

  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    t.get(ContentIndexers).register(indexer);
  });
  afterAll(() => t.close());

  it('receive the delta of each write inside its transaction', async () => {
    const { organization, members } = await createOrganization(t);
    const space = await createSpace(t, members.admin.token, organization.id);
    const http = t.http.as(members.admin.token);
    const base = `/v1/spaces/${space.id}/content`;
    const last = () => indexer.deltas[indexer.deltas.length - 1];

    const parent = (await http.post(`${base}/pages`, { title: 'Parent', markdown: 'Body' })).body;
    expect(last()).toMatchObject({ headKey: space.id, spaceId: space.id, organizationId: organization.id, previousRevisionId: space.revision, removed: [] });
    expect(last().upserted).toEqual([expect.objectContaining({ pageId: parent.id, path: 'parent', title: 'Parent', parentPageId: null, documentHash: expect.any(String) })]);

    const child = (await http.post(`${base}/pages`, { title: 'Child', parent: parent.id })).body;
    // The parent got a new node (its children changed) but it is not in the delta: nothing of its own changed.
    expect(last().upserted.map((p) => p.pageId)).toEqual([child.id]);

    await http.patch(`${base}/page/${parent.id}`, { slug: 'renamed' });
    expect(last().upserted.map((p) => [p.pageId, p.path]).sort()).toEqual([[child.id, 'renamed/child'], [parent.id, 'renamed']].sort());

    await http.post(`${base}/page/${child.id}/move`, { parent: null });
    expect(last().upserted.map((p) => [p.pageId, p.path])).toEqual([[child.id, 'child']]);

    await http.post(`${base}/page/${child.id}/move`, { parent: parent.id });
    await http.delete(`${base}/page/${parent.id}`);
    expect(last()).toMatchObject({ upserted: [] });
    expect([...last().removed].sort()).toEqual([parent.id, child.id].sort());
  });

  it('roll the write back when they fail: no revision, no change', async () => {
    const { organization, members } = await createOrganization(t);
    const space = await createSpace(t, members.admin.token, organization.id);
    const http = t.http.as(members.admin.token);
    indexer.failNext = true;
    const res = await http.post(`/v1/spaces/${space.id}/content/pages`, { title: 'Lost' });
    expect(res.status).toBe(500);
    expect((await http.get(`/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);
    expect((await http.get(`/v1/spaces/${space.id}/content/pages`)).body.pages).toEqual([]);
  });

  it('copy their rows when a space is duplicated', async () => {
    const { organization, members } = await createOrganization(t);
    const space = await createSpace(t, members.admin.token, organization.id);
    const copy = await t.http.as(members.admin.token).post(`/v1/spaces/${space.id}/duplicate`);
    expect(indexer.copies).toContainEqual(expect.objectContaining({ fromHeadKey: space.id, toHeadKey: copy.body.id }));
  });
});
