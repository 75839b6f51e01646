import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { createTestApp, TestApp, TestCaller } from '@docs/platform/testing';
import { readFileSync } from 'node:fs';
import { corpusArchive, CorpusArchive, createSpace, FidelityApi, FidelityFigures, measureFidelity, readGitbookExport, readZipFiles } from '../../testing';
import { ContentModule } from '../content.module';

/**
 * The real GitBook exports of `../shared/corpus/` (README.md there gives their figures), each
 * imported over HTTP as the raw body and measured against the export itself (`measureFidelity`,
 * the same code as `npm run fidelity`): the tree in SUMMARY.md order, every GitBook block counted
 * as the source has it, the links report against the source's links.
 */

/**
 * Pages read back byte-identical over HTTP: every one, as `npm run fidelity` measures. An unedited
 * imported page answers its kept file (`KeptPageSources`); the converter's own figure, without
 * kept files, is gitbook-corpus-round-trip.spec.ts's (with the reasons of the pages it changes).
 */

/**
 * The two smaller archives (85 and 78 pages, about 26 MB): the suite's time budget. cheqd (230
 * pages, 1,010 links, every page read twice and each answer checked against the reference schema)
 * is measured by `npm run fidelity` with the same code.
 */
const TESTED: CorpusArchive[] = ['hemilabs--docs', 'Sunbird-Spark--Community'];

describe('GitBook exports of the corpus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ContentModule, IdentityModule], env: { IMPORT_MAX_BYTES: String(40 * 1024 * 1024), RATE_LIMIT_PER_MINUTE: '1000000' } });
  });
  afterAll(() => t?.close());

  const api = (as: TestCaller): FidelityApi => ({
    get: async (path, query) => {
      const res = await as.get(path, { query });
      if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status}: ${res.text.slice(0, 300)}`);
      return res.body;
    },
    all: (path, query) => as.all(path, query),
  });

  for (const name of TESTED) {
    describe(name, () => {
      let figures: FidelityFigures;
      beforeAll(async () => {
        const source = readGitbookExport(await readZipFiles(corpusArchive(name)));
        const { organization, members } = await createOrganization(t, {});
        const space = await createSpace(t, members.admin.token, organization.id);
        const as = t.http.as(members.admin.token);
        const res = await as.post(`/v1/spaces/${space.id}/content/import`, undefined, { raw: readFileSync(corpusArchive(name)), headers: { 'Content-Type': 'application/zip' } });
        expect([res.status, res.text.slice(0, 300)]).toEqual([201, expect.any(String)]);
        figures = await measureFidelity(api(as), space.id, source);
      }, 600_000);

      it('has the whole tree in SUMMARY.md order (groups, pages, external links, titles, depth)', () => {
        expect(figures.tree.mismatches).toEqual([]);
        expect(figures.tree.inOrder).toBe(figures.tree.entries);
      });

      it('counts every GitBook block as the source has it', () => {
        const differences = Object.entries(figures.blocks).filter(([block, { source, imported }]) => block !== 'code blocks' && source !== imported);
        expect(differences).toEqual([]);
      });

      it('reports >= 99 % of the links to pages and files of the export ok, every link to a heading they have ok at its anchor, every link to what it lacks broken, >= 98 % of the page-to-page links', () => {
        const { links } = figures;
        expect(links.resolvableOk / links.resolvable).toBeGreaterThanOrEqual(0.99);
        expect(links.anchoredNotOk).toEqual([]);
        expect(links.notBroken).toEqual([]);
        expect(links.pageToPageReported / links.pageToPage).toBeGreaterThanOrEqual(0.98);
      });

      it('reads back every page byte-identical', () => {
        expect(figures.roundTrip.different).toEqual([]);
        expect(figures.roundTrip.identical).toBe(figures.roundTrip.pages);
      });
    });
  }
});
