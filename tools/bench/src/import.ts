import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dataUrl, makeZip, ZipEntries } from '@docs/content/testing';
import { EmbeddedPostgresServer, findWorkspaceRoot } from '@docs/platform';
import { freePort, TOKEN } from './bench-kit';

/**
 * Import figures (issue 10), written to docs/performance.md: a generated GitBook-style zip of
 * 100 and of 1,000 pages (20 folders with a README each, SUMMARY.md, a heading, paragraphs, a
 * code block, a hint, a table and links to two other pages per page) imported over HTTP into an
 * empty space by a running api; the time of the request and the api process's peak resident
 * memory (VmHWM) before and after. Run: npm run bench:import
 */
function generateDocs(pages: number): ZipEntries {
  const folders = 20;
  const perFolder = Math.ceil(pages / folders) - 1;
  const entries: ZipEntries = {};
  const summary = ['# Table of contents', ''];
  for (let f = 0; f < folders; f++) {
    const folder = `section-${f}`;
    entries[`${folder}/README.md`] = `# Section ${f}\n\nOverview of section ${f}.\n`;
    summary.push(`* [Section ${f}](${folder}/README.md)`);
    for (let p = 0; p < perFolder; p++) {
      const next = `../section-${(f + 1) % folders}/page-${p}.md#details`;
      entries[`${folder}/page-${p}.md`] =
        `# Page ${f}.${p}\n\nSome text about **page ${p}** of section ${f}, with a [link](${next}) and [another](page-${(p + 1) % perFolder}.md).\n\n` +
        `## Details\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n\`\`\`js\nconsole.log(${p});\n\`\`\`\n\n| a | b |\n| --- | --- |\n| ${f} | ${p} |\n\n` +
        `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}\n`;
      summary.push(`  * [Page ${f}.${p}](${folder}/page-${p}.md)`);
    }
  }
  entries['SUMMARY.md'] = `${summary.join('\n')}\n`;
  return entries;
}

const peakRss = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function request(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

async function main(): Promise<void> {
  const root = findWorkspaceRoot();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  let child: ChildProcess | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['-r', join(root, 'tools/register.js'), join(root, 'apps/api/src/main.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 300 && (await request(base, 'GET', '/v1/user').catch(() => ({ status: 0 }))).status !== 200; i++) await sleep(200);
    const organizationId = (await request(base, 'GET', '/v1/orgs')).json.items[0].id;
    const lines = ['| pages | zip bytes | request time | api peak RSS before | api peak RSS after | pages read back |', '|---:|---:|---:|---:|---:|---:|'];
    for (const pages of [100, 1000]) {
      const zip = await makeZip(generateDocs(pages));
      const space = (await request(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: `Import ${pages}` })).json;
      const before = peakRss(child.pid as number);
      const started = Date.now();
      const res = await request(base, 'POST', `/v1/spaces/${space.id}/content/import`, { source: 'zip', url: dataUrl(zip, 'application/zip') });
      const elapsed = Date.now() - started;
      if (res.status !== 201) throw new Error(`import of ${pages} pages -> ${res.status} ${JSON.stringify(res.json)}`);
      const after = peakRss(child.pid as number);
      const tree = (await request(base, 'GET', `/v1/spaces/${space.id}/content/pages`)).json.pages as { pages: unknown[] }[];
      const count = tree.reduce((sum, page) => sum + 1 + page.pages.length, 0);
      lines.push(`| ${pages} | ${zip.length} | ${(elapsed / 1000).toFixed(1)} s | ${before.toFixed(0)} MB | ${after.toFixed(0)} MB | ${count} |`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    child?.kill('SIGTERM');
    await sleep(1000);
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
