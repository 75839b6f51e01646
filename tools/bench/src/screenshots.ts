import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgresServer, findWorkspaceRoot } from '@docs/platform';
import { launchChromium } from '@docs/platform/testing';
import type { Page } from 'playwright-core';
import { api, freePort, signedInSession, start, TOKEN, untilUp } from './bench-kit';

/**
 * The README's screenshots of the browser app (`npm run screenshots`), on the real api serving the
 * built app, a person signed in with a session, Debian's Chromium at 1280×800: the organization,
 * a space with a page in the editor, a change request, a site. Written to docs/images/app-*.png.
 */
const OUT = join(findWorkspaceRoot(), 'docs/images');

const GUIDE = `Install the command-line tool, sign in, and publish your first page in a few minutes.

{% hint style="info" %}
You need Node.js 20 or later. Check with \`node --version\`.
{% endhint %}

## Install

\`\`\`bash
npm install --global @acme/cli
acme login
\`\`\`

## What you get

| Command | What it does |
| --- | --- |
| \`acme init\` | Creates a project in the current folder |
| \`acme deploy\` | Builds and publishes it |
`;

function ensureAppBuild(): Promise<boolean> {
  const builder = require(join(findWorkspaceRoot(), 'tools/app-build/build-app.js')) as { ensureAppBuild(options: { say: (line: string) => void }): Promise<boolean> };
  return builder.ensureAppBuild({ say: (line) => process.stderr.write(`${line}\n`) });
}

async function shoot(page: Page, url: string, ready: (page: Page) => Promise<unknown>, file: string): Promise<void> {
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(OUT, file) });
  process.stdout.write(`docs/images/${file}\n`);
}

async function main(): Promise<void> {
  await ensureAppBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'screenshots-pg-'));
  const database = await EmbeddedPostgresServer.start({ dataDir: join(dataDir, 'pg'), port: await freePort() });
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: database.url, BOOTSTRAP_TOKEN: TOKEN, BOOTSTRAP_ORGANIZATION: 'Acme', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: base };
    children.push(start('apps/api/src/main.ts', env));
    await untilUp(`${base}/v1/user`);

    const organizationId = (await api<{ items: { id: string }[] }>(base, 'GET', '/v1/orgs')).items[0].id;
    const guides = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/collections`, { title: 'Guides' });
    const space = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Developer handbook', parent: guides.id });
    await api(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Onboarding', parent: guides.id });
    await api(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'API reference' });
    await api(base, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Release notes' });
    const pages = `/v1/spaces/${space.id}/content/pages`;
    const guide = await api<{ id: string }>(base, 'POST', pages, { title: 'Getting started', markdown: GUIDE });
    await api(base, 'POST', pages, { title: 'Install', parent: guide.id, markdown: 'Run `npm ci`.' });
    await api(base, 'POST', pages, { title: 'Configuration', markdown: 'Every setting, with its default.' });
    await api(base, 'POST', pages, { title: 'Troubleshooting', markdown: 'What to do when something goes wrong.' });

    const changeRequest = await api<{ id: string; number: number }>(base, 'POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Explain the deploy command' });
    await api(base, 'PATCH', `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${guide.id}`, {
      markdown: GUIDE.replace('Builds and publishes it', 'Builds the project, runs its checks and publishes it'),
    });

    const site = await api<{ id: string }>(base, 'POST', `/v1/orgs/${organizationId}/sites`, { title: 'Acme docs', spaces: [space.id] });
    await api(base, 'POST', `/v1/orgs/${organizationId}/sites/${site.id}/publish`);

    const cookie = await signedInSession(base, database.url);
    const browser = await launchChromium({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    try {
      await browser.context.addCookies([{ ...cookie, url: base }]);
      const page = await browser.context.newPage();
      mkdirSync(OUT, { recursive: true });
      await shoot(page, `${base}/o/${organizationId}`, (p) => p.getByRole('treeitem', { name: 'Release notes' }).waitFor(), 'app-organization.png');
      await shoot(page, `${base}/s/${space.id}/getting-started`, (p) => p.getByRole('textbox', { name: 'Page content' }).waitFor(), 'app-space.png');
      await shoot(page, `${base}/s/${space.id}/~/changes/${changeRequest.number}`, (p) => p.getByRole('heading', { name: 'Explain the deploy command' }).waitFor(), 'app-change-request.png');
      await shoot(page, `${base}/o/${organizationId}/sites/${site.id}`, (p) => p.getByRole('button', { name: 'Unpublish' }).waitFor(), 'app-site.png');
    } finally {
      await browser.close();
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exitCode = 1;
});
