import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeZip, ZipEntries } from '@docs/content/testing';
import { startGitHttpServer } from '@docs/git-sync/testing';
import { EmbeddedPostgresServer } from '@docs/platform';
import { api, freePort, start, TOKEN, untilUp } from './bench-kit';

/**
 * Export as files and Git Sync figures (issue 23), written to docs/performance.md. A space of
 * BENCH_GIT_PAGES pages (default 1000; a GitBook-style tree with bodies of a few blocks and links,
 * 20 images of 50 KB) is imported into a running api, then:
 * - the markdown zip export (`GET .../export?format=markdown`): time and the api's peak RSS;
 * - a Git export and push to a Git smart-HTTP server (`git http-backend` on 127.0.0.1): time from
 *   the request to the operation's success, and the worker's peak RSS;
 * - the same export again (nothing changed: no commit), and after one page was edited (one file);
 * - the repository imported into an empty space, then the same commit again (up to date).
 * Peak RSS is VmHWM, reset before each step through /proc/<pid>/clear_refs; each process runs
 * the steps in turn. Run: npm run bench:git-sync
 */
function generateDocs(pages: number): ZipEntries {
  const folders = 20;
  const perFolder = Math.ceil(pages / folders) - 1;
  const entries: ZipEntries = {};
  const summary = ['# Table of contents', '', '* [Introduction](README.md)', ''];
  entries['README.md'] = '# Introduction\n\nWhere it starts.\n';
  for (let f = 0; f < folders; f++) {
    const folder = `section-${f}`;
    entries[`${folder}/README.md`] = `# Section ${f}\n\nOverview of section ${f}.\n\n![Diagram](../.gitbook/assets/diagram-${f}.png)\n`;
    summary.push(`* [Section ${f}](${folder}/README.md)`);
    for (let p = 0; p < perFolder; p++) {
      const next = `../section-${(f + 1) % folders}/page-${p}.md#details`;
      entries[`${folder}/page-${p}.md`] =
        `---\ndescription: Page ${p} of section ${f}.\n---\n\n# Page ${f}.${p}\n\nSome text about **page ${p}** of section ${f}, with a [link](${next}) and [another](page-${(p + 1) % perFolder}.md).\n\n` +
        `## Details\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n\`\`\`js\nconsole.log(${p});\n\`\`\`\n\n| a | b |\n| --- | --- |\n| ${f} | ${p} |\n\n` +
        `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}\n`;
      summary.push(`  * [Page ${f}.${p}](${folder}/page-${p}.md)`);
    }
    entries[`.gitbook/assets/diagram-${f}.png`] = randomBytes(50 * 1024);
  }
  entries['SUMMARY.md'] = `${summary.join('\n')}\n`;
  return entries;
}

const status = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

interface Operation {
  state: string;
  errorCode?: string;
  error?: string;
  commit?: { oid: string; createdByGitBook: boolean };
  revision?: string;
}

/** POSTs a Git Sync request and waits for its operation to end. */
async function sync(base: string, path: string, body: unknown): Promise<Operation> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 204) throw new Error(`${path} -> ${res.status} ${await res.text()}`);
  const location = new URL(res.headers.get('location') as string).pathname;
  for (;;) {
    const operation = await api<Operation>(base, 'GET', location);
    if (operation.state !== 'running') {
      if (operation.state !== 'success') throw new Error(`${path}: ${operation.errorCode} ${operation.error}`);
      return operation;
    }
    await sleep(50);
  }
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
}

async function main(): Promise<void> {
  const pages = Number(process.env.BENCH_GIT_PAGES ?? 1000);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-git-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  const git = await startGitHttpServer({ credentials: { username: 'bench', password: 'bench-secret' } });
  const env = { DATABASE_URL: database.url, BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_TIMEOUT_MS: '120000' };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let apiProcess: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  try {
    apiProcess = start('apps/api/src/main.ts', { ...env, PORT: String(port) });
    await untilUp(`${base}/v1/user`);
    worker = start('apps/worker/src/main.ts', env);
    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    const space = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: `Git ${pages}` });
    const zip = await makeZip(generateDocs(pages));
    const imported = await fetch(`${base}/v1/spaces/${space.id}/content/import`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/zip' }, body: zip });
    if (imported.status !== 201) throw new Error(`import -> ${imported.status} ${await imported.text()}`);
    git.createRepository('bench');
    const url = git.url('bench', { username: 'bench', password: 'bench-secret' });
    // Warm both processes (code paths loaded) on a small space.
    const warm = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Warm-up' });
    await api(base, 'POST', `/v1/spaces/${warm.id}/content/pages`, { title: 'Warm', markdown: 'Up.' });
    git.createRepository('warm');
    await sync(base, `/v1/spaces/${warm.id}/git/export`, { url: git.url('warm', { username: 'bench', password: 'bench-secret' }), ref: 'refs/heads/main', commitMessage: 'Warm' });

    const rows: string[] = ['| step | time | process | RSS before | peak RSS during | growth | result |', '|---|---:|---|---:|---:|---:|---|'];
    const measure = async (step: string, who: ChildProcess, label: string, work: () => Promise<string>) => {
      const pid = who.pid as number;
      const before = status(pid, 'VmRSS');
      resetPeak(pid);
      const started = Date.now();
      const result = await work();
      const elapsed = Date.now() - started;
      const peak = status(pid, 'VmHWM');
      rows.push(`| ${step} | ${(elapsed / 1000).toFixed(1)} s | ${label} | ${before.toFixed(0)} MB | ${peak.toFixed(0)} MB | +${(peak - before).toFixed(0)} MB | ${result} |`);
      process.stderr.write(`${rows[rows.length - 1]}\n`);
    };

    await measure(`zip export, ${pages} pages`, apiProcess, 'api', async () => {
      const res = await fetch(`${base}/v1/spaces/${space.id}/export?format=markdown`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      let bytes = 0;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return `${(bytes / 1024 / 1024).toFixed(1)} MB zip`;
    });
    const exportBody = { url, ref: 'refs/heads/main', commitMessage: 'Export' };
    await measure(`Git export and push, ${pages} pages (first commit)`, worker, 'worker', async () => {
      const operation = await sync(base, `/v1/spaces/${space.id}/git/export`, exportBody);
      return operation.commit?.createdByGitBook ? 'commit pushed' : 'no commit';
    });
    await measure('the same export again (nothing changed)', worker, 'worker', async () => {
      const operation = await sync(base, `/v1/spaces/${space.id}/git/export`, exportBody);
      return operation.commit?.createdByGitBook ? 'commit pushed' : 'no commit';
    });
    const tree = await api<{ pages: { id: string; pages: { id: string }[] }[] }>(base, 'GET', `/v1/spaces/${space.id}/content/pages`);
    await api(base, 'PATCH', `/v1/spaces/${space.id}/content/page/${tree.pages[1].pages[0].id}`, { markdown: 'Edited.' });
    await measure('one page edited, exported', worker, 'worker', async () => {
      const operation = await sync(base, `/v1/spaces/${space.id}/git/export`, exportBody);
      return operation.commit?.createdByGitBook ? 'commit of one file' : 'no commit';
    });
    const copy = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Copy' });
    await measure(`Git import into an empty space, ${pages} pages`, worker, 'worker', async () => {
      const operation = await sync(base, `/v1/spaces/${copy.id}/git/import`, { url, ref: 'refs/heads/main' });
      const read = await api<{ pages: unknown[] }>(base, 'GET', `/v1/spaces/${copy.id}/content/pages`);
      return `revision ${operation.revision ? 'made' : 'none'}, ${read.pages.length} top-level pages`;
    });
    await measure('the same commit imported again (up to date)', worker, 'worker', async () => {
      const operation = await sync(base, `/v1/spaces/${copy.id}/git/import`, { url, ref: 'refs/heads/main' });
      return operation.revision ? 'revision made' : 'nothing to do';
    });
    process.stdout.write(`${rows.join('\n')}\n`);
  } finally {
    await stop(worker);
    await stop(apiProcess);
    await git.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
