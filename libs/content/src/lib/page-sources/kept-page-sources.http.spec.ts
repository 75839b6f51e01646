import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { EventOutbox } from '@docs/platform';
import { createTestApp, TestApp, TestCaller } from '@docs/platform/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSpace, missingArchivers, realZip } from '../../testing';
import { ContentModule } from '../content.module';
import { ContentIndexers } from '../indexing/content-indexer';
import { SpacePurgeHooks } from '../purge/space-purge-hooks';
import { SpacePurger } from '../purge/space-purger.service';

/** Hand-written markdown that GitBook's serializer never writes: `-` bullets, an unpadded table, `*emphasis*`. */
const README_BODY = ['See the [guide](guide.md) first.', '', '- one', '- two', '', '|a|b|', '|-|-|', '|1|2|', '', 'Some *emphasis*.', ''].join('\n');
const GUIDE_BODY = ['- step', '- another step', ''].join('\n');

/** A GitBook export by Info-ZIP's `zip` (its default: small files stored); `marker` makes its bytes its own. */
function archive(marker = ''): Buffer {
  const files: Record<string, string> = {
    'SUMMARY.md': '# Table of contents\n\n* [Intro](README.md)\n* [Guide](guide.md)\n',
    'README.md': `---\ndescription: The start.\n---\n\n# Intro\n\n${marker ? README_BODY + marker + '\n' : README_BODY}`,
    'guide.md': `# Guide\n\n${marker ? GUIDE_BODY + marker + '\n' : GUIDE_BODY}`,
  };
  const folder = mkdtempSync(join(tmpdir(), 'kept-sources-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    return realZip(folder, 'zip (default)');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Markdown that reads back as it went in (issue 18, item 3): an archive made by Info-ZIP's `zip`
 * with hand-written pages reads back byte for byte, from the space, the import's revision and
 * after unrelated edits; an edit of the page, or of a page it links to, makes the read our
 * rendering; spaces importing the same bytes are independent; a purge leaves no kept row or blob.
 */
describe('imported pages read back as their files', () => {
  let t: TestApp;
  let zip: Buffer;
  let purger: SpacePurger;

  beforeAll(async () => {
    const missing = missingArchivers();
    if (missing.length > 0) throw new Error(`these tests need ${missing.join(', ')} (apt-get install zip libarchive-tools git; .ci/run installs them)`);
    zip = archive();
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    purger = new SpacePurger(t.dataSource, t.get(ContentIndexers), t.get(SpacePurgeHooks), t.get(EventOutbox));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function imported(bytes = zip): Promise<{ as: TestCaller; spaceId: string; revision: string; readme: string; guide: string; organizationId: string }> {
    const { organization, members } = await createOrganization(t, {});
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = t.http.as(members.admin.token);
    const res = await as.post(`/v1/spaces/${space.id}/content/import`, undefined, { raw: bytes, headers: { 'Content-Type': 'application/zip' } });
    expect(res.status).toBe(201);
    const pages = (await as.get(`/v1/spaces/${space.id}/content/pages`)).body.pages as { id: string; title: string }[];
    const id = (title: string) => pages.find((page) => page.title === title)!.id;
    return { as, spaceId: space.id, revision: res.body.revision, readme: id('Intro'), guide: id('Guide'), organizationId: organization.id };
  }
  const markdownOf = async (as: TestCaller, path: string) => {
    const res = await as.get(path, { query: { format: 'markdown' } });
    expect(res.status).toBe(200);
    return res.body.markdown as string;
  };

  it('an unedited page reads back byte for byte: page reads, path reads, the tree with markdown bodies, the import revision', async () => {
    const { as, spaceId, revision, readme, guide } = await imported();
    expect(await markdownOf(as, `/v1/spaces/${spaceId}/content/page/${readme}`)).toBe(README_BODY);
    expect(await markdownOf(as, `/v1/spaces/${spaceId}/content/page/${guide}`)).toBe(GUIDE_BODY);
    expect(await markdownOf(as, `/v1/spaces/${spaceId}/content/path/guide`)).toBe(GUIDE_BODY);
    expect(await markdownOf(as, `/v1/spaces/${spaceId}/revisions/${revision}/page/${readme}`)).toBe(README_BODY);
    const tree = (await as.get(`/v1/spaces/${spaceId}/content/pages`, { query: { format: 'markdown' } })).body.pages as { id: string; markdown: string }[];
    expect(tree.map((page) => page.markdown)).toEqual([README_BODY, GUIDE_BODY]);
  });

  it('our rendering differs from the files: the kept source is what makes them identical', async () => {
    const { as, spaceId, readme } = await imported();
    await t.dataSource.query(`DELETE FROM page_import_sources WHERE space_id = $1`, [spaceId]);
    const rendered = await markdownOf(as, `/v1/spaces/${spaceId}/content/page/${readme}`);
    expect(rendered).not.toBe(README_BODY);
    expect(rendered).toContain('* one');
  });

  it('an edit of the page reads back in our rendering; the import revision still reads as the file', async () => {
    const { as, spaceId, revision, readme, guide } = await imported();
    const edited = README_BODY.replace('first', 'before anything');
    const res = await as.patch(`/v1/spaces/${spaceId}/content/page/${readme}`, { markdown: edited }, { query: { format: 'markdown' } });
    expect(res.status).toBe(200);
    const now = await markdownOf(as, `/v1/spaces/${spaceId}/content/page/${readme}`);
    expect(now).not.toBe(edited);
    expect(now).toContain('before anything');
    expect(now).toContain('* one');
    expect(await markdownOf(as, `/v1/spaces/${spaceId}/revisions/${revision}/page/${readme}`)).toBe(README_BODY);
    // The other page did not change: it still reads as its file.
    expect(await markdownOf(as, `/v1/spaces/${spaceId}/content/page/${guide}`)).toBe(GUIDE_BODY);
  });

  it('a page whose link target moves (its path changes) falls back to our rendering, with the new link', async () => {
    const { as, spaceId, readme, guide } = await imported();
    expect((await as.patch(`/v1/spaces/${spaceId}/content/page/${guide}`, { slug: 'handbook' })).status).toBe(200);
    const now = await markdownOf(as, `/v1/spaces/${spaceId}/content/page/${readme}`);
    expect(now).not.toBe(README_BODY);
    expect(now).toContain('handbook.md');
    // Renaming it back restores the rendering of the import, and so the file.
    expect((await as.patch(`/v1/spaces/${spaceId}/content/page/${guide}`, { slug: 'guide' })).status).toBe(200);
    expect(await markdownOf(as, `/v1/spaces/${spaceId}/content/page/${readme}`)).toBe(README_BODY);
  });

  it('spaces importing the same bytes are independent; a purge removes the kept rows and the blobs only its own', async () => {
    // Bytes of their own: the other tests' spaces hold the common archive's.
    const own = archive('Only in these two spaces.');
    const first = await imported(own);
    const second = await imported(own);
    const readmeBody = `${README_BODY}Only in these two spaces.\n`;
    const blobs = async (spaceId: string) =>
      ((await t.dataSource.query(`SELECT source_hash FROM page_import_sources WHERE space_id = $1 ORDER BY source_hash`, [spaceId])) as { source_hash: string }[]).map((row) => row.source_hash);
    const shared = await blobs(first.spaceId);
    expect(shared).toHaveLength(2);
    expect(await blobs(second.spaceId)).toEqual(shared);
    expect((await first.as.patch(`/v1/spaces/${first.spaceId}/content/page/${first.readme}`, { markdown: 'Changed.' })).status).toBe(200);
    expect(await markdownOf(first.as, `/v1/spaces/${first.spaceId}/content/page/${first.readme}`)).toBe('Changed.\n');
    expect(await markdownOf(second.as, `/v1/spaces/${second.spaceId}/content/page/${second.readme}`)).toBe(readmeBody);

    const purge = async (spaceId: string, as: TestCaller) => {
      expect((await as.delete(`/v1/spaces/${spaceId}`)).status).toBe(205);
      await t.dataSource.query(`UPDATE spaces SET deleted_at = now() - interval '8 days' WHERE id = $1`, [spaceId]);
      expect(await purger.purge(spaceId, { pauseRatio: 0 })).not.toBeNull();
    };
    const present = async () => ((await t.dataSource.query(`SELECT hash FROM content_blobs WHERE hash = ANY($1::text[])`, [shared])) as unknown[]).length;
    await purge(first.spaceId, first.as);
    expect(await blobs(first.spaceId)).toEqual([]);
    expect(await present()).toBe(2);
    expect(await markdownOf(second.as, `/v1/spaces/${second.spaceId}/content/page/${second.readme}`)).toBe(readmeBody);
    await purge(second.spaceId, second.as);
    expect(await present()).toBe(0);
  });
});
