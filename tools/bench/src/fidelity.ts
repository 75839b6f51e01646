import { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { packSource, withImportFolder } from '@docs/content';
import { CORPUS_ARCHIVES, corpusArchive, FidelityFigures, measureFidelity, percent, readGitbookExport, readZipFiles } from '@docs/content/testing';
import { EmbeddedPostgresServer } from '@docs/platform';
import { api, freePort, start, TOKEN, untilUp } from './bench-kit';

/**
 * GitBook fidelity (issue 18, items 2 and 3; issue 28): GitBook exports imported by an api this
 * script starts (its own embedded PostgreSQL, free ports) as the raw body of an import
 * (`Content-Type: application/zip`) into an empty space each, then measured over HTTP against the
 * export itself (`measureFidelity`): the tree against SUMMARY.md, the GitBook blocks, the links
 * report against the source's links, and the markdown read back against each page's body. Prints
 * the tables of docs/import-fidelity.md, then every difference.
 *
 * Run: `npm run fidelity` (the three archives of `../shared/corpus/`), or
 * `npm run fidelity <folder or zip> ...` (any GitBook exports: a folder is zipped on the fly, as
 * the CLI's import does; `.gitbook.yaml` says where the GitBook root is, else it is the top).
 * FIDELITY_JSON=<file> also writes the figures as JSON.
 */
async function main(): Promise<void> {
  // npm runs scripts from the checkout: paths are the caller's (INIT_CWD).
  const exports = process.argv.slice(2).map((arg) => (arg.startsWith('-') ? arg : resolve(process.env.INIT_CWD ?? process.cwd(), arg)));
  const wrong = exports.filter((path) => path.startsWith('-') || !existsSync(path));
  if (wrong.length > 0) {
    process.stderr.write(`${wrong.map((path) => `${path}: no such folder or zip\n`).join('')}usage: npm run fidelity [<export folder or zip> ...]\n`);
    process.exit(2);
  }
  const sources = exports.length > 0 ? exports.map((path) => ({ name: basename(path).replace(/\.zip$/i, ''), path })) : CORPUS_ARCHIVES.map((name) => ({ name, path: corpusArchive(name) }));
  const dataDir = mkdtempSync(join(tmpdir(), 'fidelity-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  let child: ChildProcess | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // An export of any size (the setting's maximum, 1 GiB), unless IMPORT_MAX_BYTES says otherwise.
    const importMaxBytes = process.env.IMPORT_MAX_BYTES ?? String(1024 * 1024 * 1024);
    child = start('apps/api/src/main.ts', {
      DATABASE_URL: database.url,
      PORT: String(port),
      BOOTSTRAP_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      IMPORT_MAX_BYTES: importMaxBytes,
    });
    await untilUp(`${base}/v1/user`);
    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    const client = {
      get: async (path: string, query: Record<string, string> = {}) => {
        const url = `${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
        return api<any>(base, 'GET', url);
      },
      all: async (path: string, query: Record<string, string> = {}) => {
        const items: any[] = [];
        let page: string | undefined;
        do {
          const body = await client.get(path, { ...query, limit: '1000', ...(page ? { page } : {}) });
          items.push(...body.items);
          page = body.next?.page;
        } while (page);
        return items;
      },
    };
    const results: { name: string; figures: FidelityFigures; seconds: number }[] = [];
    for (const { name, path } of sources) {
      // The zip as given, or the folder zipped (into a temporary folder, removed after the import).
      const imported = await withImportFolder(async (folder) => {
        const packed = await packSource(path, folder, () => undefined);
        if (packed.source !== 'zip') throw new Error(`${path}: give a GitBook export as a folder or a .zip`);
        const source = readGitbookExport(await readZipFiles(packed.path));
        const space = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: name });
        const started = Date.now();
        const res = await fetch(`${base}/v1/spaces/${space.id}/content/import`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/zip' },
          body: readFileSync(packed.path),
        });
        const seconds = (Date.now() - started) / 1000;
        if (res.status !== 201) throw new Error(`import of ${name} -> ${res.status} ${await res.text()}`);
        return { source, spaceId: space.id, seconds };
      });
      results.push({ name, figures: await measureFidelity(client, imported.spaceId, imported.source), seconds: imported.seconds });
      process.stderr.write(`measured ${name}\n`);
    }
    process.stdout.write(report(results));
    if (process.env.FIDELITY_JSON) writeFileSync(process.env.FIDELITY_JSON, JSON.stringify(results, null, 2));
  } finally {
    if (child) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    }
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(results: { name: string; figures: FidelityFigures; seconds: number }[]): string {
  const header = `| | ${results.map((r) => r.name).join(' | ')} |\n|---|${results.map(() => '---:').join('|')}|`;
  const row = (label: string, cell: (f: FidelityFigures) => string) => `| ${label} | ${results.map((r) => cell(r.figures)).join(' | ')} |`;
  const fraction = (part: number, whole: number) => `${part} / ${whole} (${percent(part, whole)})`;
  const lines = [
    header,
    `| import time | ${results.map((r) => `${r.seconds.toFixed(1)} s`).join(' | ')} |`,
    row('tree entries in SUMMARY.md order', (f) => fraction(f.tree.inOrder, f.tree.entries)),
    row('links to a page or file of the export reported `ok`', (f) => fraction(f.links.resolvableOk, f.links.resolvable)),
    row('… to a heading the page has, reported `ok` at its anchor', (f) => fraction(f.links.anchoredOk, f.links.anchored)),
    row('links to what the export lacks reported `broken`', (f) => fraction(f.links.unresolvableBroken, f.links.unresolvable)),
    row('page-to-page links reported', (f) => fraction(f.links.pageToPageReported, f.links.pageToPage)),
    row('pages read back byte-identical', (f) => fraction(f.roundTrip.identical, f.roundTrip.pages)),
    '',
    `| block (source / imported) | ${results.map((r) => r.name).join(' | ')} |\n|---|${results.map(() => '---:').join('|')}|`,
    ...Object.keys(results[0].figures.blocks).map((name) =>
      row(name, (f) => {
        const { source, imported } = f.blocks[name as keyof FidelityFigures['blocks']];
        return source === imported ? `${source}` : `**${source} / ${imported}**`;
      }),
    ),
    '',
  ];
  for (const { name, figures } of results) {
    const list = (title: string, items: string[]) => (items.length ? [`${name}: ${title} (${items.length})`, ...items.slice(0, 60).map((item) => `  ${item}`)] : []);
    lines.push(
      ...list('tree differences', figures.tree.mismatches),
      ...list('links not reported ok', figures.links.notOk),
      ...list('links to a heading not reported ok at its anchor', figures.links.anchoredNotOk),
      ...list('links to an anchor the target page lacks (broken in the source; informative)', figures.links.anchorsLacking),
      ...list('links not reported broken', figures.links.notBroken),
      ...list('page-to-page links not reported', figures.links.unreported),
      ...list(
        'pages not byte-identical',
        figures.roundTrip.different.map((d) => `${d.path}:${d.line}\n      expected ${JSON.stringify(d.expected)}\n      actual   ${JSON.stringify(d.actual)}`),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
