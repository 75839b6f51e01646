import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { join } from 'node:path';
import { createSpace, FidelityFigures, folderEntries, makeZip, measureFidelity, readGitbookExport } from '../../testing';
import { ContentModule } from '../content.module';

/**
 * The links of a GitBook export in each shape GitBook writes them (`fixtures/gitbook-link-shapes`,
 * written from GitBook's documented syntax), imported over HTTP and measured as `npm run fidelity`
 * measures an export: each link whose page is in the export must be reported `ok`, its anchor
 * included.
 */
const FIXTURE = join(__dirname, 'fixtures', 'gitbook-link-shapes');

/** Per shape, the links (the page they are written in, the target as written) that must be `ok`. */
const SHAPES: Record<string, [string, string][]> = {
  'a custom anchor on a `###` heading': [
    ['guides/set-up/connect-repository.md', '../../reference/interface.md#space-header'],
    ['internal/checklist.md', '../reference/interface.md#space-header'],
  ],
  'a custom anchor on a `####` or `#####` heading': [
    ['guides/set-up/connect-repository.md', '../../reference/interface.md#the-actions-menu'],
    ['guides/set-up/connect-repository.md', '../../reference/interface.md#page-options'],
    ['reference/shortcuts.md', 'interface.md#the-actions-menu'],
  ],
  'the anchor of a heading without a custom one, and a custom anchor of the linking page': [
    ['guides/set-up/connect-repository.md', 'choose-branch.md#pick-one'],
    ['guides/set-up/connect-repository.md', '../../reference/shortcuts.md#move-around'],
    ['guides/set-up/choose-branch.md', 'connect-repository.md#options'],
  ],
  'a cards table: a link in a cell, a mention in a cell, the card target and cover columns': [
    ['README.md', 'reference/interface.md'],
    ['README.md', 'guides/publish.md'],
    ['README.md', 'guides/set-up/'],
    ['README.md', '.gitbook/assets/card-cover.png'],
  ],
  'a cards table last in a tab or a step (`</table>` then `{% endtab %}` on the next line)': [
    ['README.md', 'guides/set-up/choose-branch.md'],
    ['README.md', 'reference/shortcuts.md'],
    ['guides/set-up/choose-branch.md', '../../internal/checklist.md'],
  ],
  'links in steps that end with a figure, and after the stepper': [
    ['guides/set-up/connect-repository.md', '../../reference/interface.md#space-header'],
    ['guides/set-up/connect-repository.md', 'choose-branch.md#pick-one'],
  ],
  'pages marked `hidden: true`: by path, as a folder, as a mention, at an anchor, from a button in a hint, from a content reference': [
    ['guides/set-up/choose-branch.md', '../../internal/'],
    ['guides/set-up/choose-branch.md', '../../internal/checklist.md'],
    ['guides/publish.md', '../internal/checklist.md#when-to-use-it'],
    ['guides/publish.md', '../reference/interface.md'],
    ['internal/README.md', 'checklist.md'],
  ],
};

describe('links of a GitBook export, shape by shape', () => {
  let t: TestApp;
  let figures: FidelityFigures;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule] });
    const { organization, members } = await createOrganization(t, {});
    const space = await createSpace(t, members.admin.token, organization.id);
    const as = t.http.as(members.admin.token);
    const entries = folderEntries(FIXTURE);
    const res = await as.post(`/v1/spaces/${space.id}/content/import`, undefined, { raw: await makeZip(entries), headers: { 'Content-Type': 'application/zip' } });
    expect(res.status).toBe(201);
    const source = readGitbookExport(new Map(Object.entries(entries).map(([path, data]) => [path, data as Buffer])));
    figures = await measureFidelity(
      {
        get: async (path, query) => {
          const read = await as.get(path, { query });
          if (read.status !== 200) throw new Error(`GET ${path} -> ${read.status}`);
          return read.body;
        },
        all: (path, query) => as.all(path, query),
      },
      space.id,
      source,
    );
  }, 120_000);
  afterAll(() => t?.close());

  it.each(Object.entries(SHAPES))('%s', (_shape, links) => {
    for (const [from, target] of links) {
      const check = figures.links.checked.find((link) => link.from === from && link.target === target);
      expect([from, target, check?.ok]).toEqual([from, target, true]);
    }
  });

  it('has the whole tree, every link ok at its anchor, and each page read back as its file', () => {
    expect(figures.tree.mismatches).toEqual([]);
    expect(figures.links.notOk).toEqual([]);
    expect(figures.links.anchoredNotOk).toEqual([]);
    expect(figures.links.anchored).toBe(9);
    expect(figures.links.checked.filter((link) => !link.ok)).toEqual([]);
    expect(figures.links.notBroken).toEqual([]);
    expect(figures.roundTrip.different).toEqual([]);
    // The steppers, with each step, whatever their steps end with.
    expect([figures.blocks.stepper, figures.blocks.step]).toEqual([
      { source: 2, imported: 2 },
      { source: 4, imported: 4 },
    ]);
  });
});
