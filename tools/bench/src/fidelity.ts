import { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CORPUS_ARCHIVES, corpusArchive, FidelityFigures, measureFidelity, percent, readGitbookExport, readZipFiles } from '@docs/content/testing';
import { EmbeddedPostgresServer } from '@docs/platform';
import { api, freePort, start, TOKEN, untilUp } from './bench-kit';

/**
 * GitBook fidelity (issue 18, items 2 and 3): each archive of `../shared/corpus/` imported by a
 * running api (raw body, `Content-Type: application/zip`) into an empty space, then measured over
 * HTTP against the export itself (`measureFidelity`): the tree against SUMMARY.md, the GitBook
 * blocks, the links report against the source's links, and the markdown read back against each
 * page's body. Prints the tables of docs/import-fidelity.md, then every difference.
 * FIDELITY_JSON=<file> also writes the figures as JSON. Run: npm run fidelity
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fidelity-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  let child: ChildProcess | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = start('apps/api/src/main.ts', { DATABASE_URL: database.url, PORT: String(port), BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' });
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
    for (const name of CORPUS_ARCHIVES) {
      const path = corpusArchive(name);
      const source = readGitbookExport(await readZipFiles(path));
      const space = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: name });
      const started = Date.now();
      const res = await fetch(`${base}/v1/spaces/${space.id}/content/import`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/zip' },
        body: readFileSync(path),
      });
      const seconds = (Date.now() - started) / 1000;
      if (res.status !== 201) throw new Error(`import of ${name} -> ${res.status} ${await res.text()}`);
      results.push({ name, figures: await measureFidelity(client, space.id, source), seconds });
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
