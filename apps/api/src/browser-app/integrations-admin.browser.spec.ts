import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { GitSyncJobsModule } from '@docs/git-sync';
import { cloneWithGit, commitWithGit, git, GIT_USER, type GitHttpServer, startGitHttpServer } from '@docs/git-sync/testing';
import { OpenApiHostingJobsModule } from '@docs/openapi-hosting';
import { JobWorker, JobWorkerModule } from '@docs/platform';
import { Browser, createTestApp, launchChromium, TestApp } from '@docs/platform/testing';
import { WebhooksWorkerModule } from '@docs/webhooks';
import { TestReceiver, webhookContract } from '@docs/webhooks/testing';
import { eventually, isFocused, openSignedIn, seriousViolations, startAppInBrowser } from './app-in-browser';


/** A real OpenAPI 3 document, as YAML, of the given API version. */
const petStore = (version: string) => `openapi: 3.0.3
info:
  title: Pet Store
  version: ${version}
paths:
  /pets:
    get:
      summary: List the pets
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
            maximum: 100
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        name:
          type: string
        tag:
          type: string
`;

const billing = (version: string) => `openapi: 3.1.0
info:
  title: Billing
  version: "${version}"
paths:
  /invoices/{invoiceId}:
    get:
      parameters:
        - name: invoiceId
          in: path
          required: true
          schema: {type: string}
      responses:
        '200':
          description: One invoice
`;

/**
 * Administering integrations in the app, in Debian's Chromium, by role and accessible name: a
 * webhook created by keyboard alone that receives an event and a test with their deliveries and
 * a redelivery (the worker delivering to a server of the test), edited, paused and deleted;
 * OpenAPI specs added by file and by URL and processed by the worker into versions; a zip made by
 * `zip` imported into a space at 390 px with its report and pages, and a markdown file by URL;
 * Git Sync set up against a bare repository served by `git http-backend`, exporting and importing;
 * axe-core on every screen.
 */
describe('administering integrations in the browser app (Debian Chromium, playwright-core)', () => {
  let t: TestApp;
  let worker: TestApp;
  let base: string;
  let browser: Browser;
  let organizationId: string;
  let adminToken: string;
  let adminEmail: string;
  let editorEmail: string;
  let receiver: TestReceiver;
  let files: Server;
  let filesOrigin: string;
  const served = new Map<string, { type: string; body: string }>();
  let gitServer: GitHttpServer;
  const folders: string[] = [];

  beforeAll(async () => {
    // The worker reaches the test's servers (receiver, spec files, Git) on 127.0.0.1.
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '10000', FETCH_TIMEOUT_MS: '20000' };
    const app = await startAppInBrowser({ roles: { editor: 'edit' }, env });
    ({ t, base, organizationId } = app);
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, WebhooksWorkerModule, OpenApiHostingJobsModule, GitSyncJobsModule], database: t.database, env });
    // Signatures carry the worker's time, which standardwebhooks checks against the real one.
    worker.clock.set(new Date());
    await worker.get(JobWorker).start({ schedule: false });
    adminToken = app.people.admin.token;
    adminEmail = app.people.admin.user.email;
    editorEmail = app.people.editor.user.email;
    receiver = await TestReceiver.start();
    receiver.always({ status: 200, body: 'thanks, received' });
    files = createServer((req, res) => {
      const file = served.get((req.url ?? '/').split('?')[0]);
      if (!file) return void res.writeHead(404).end('not here');
      res.writeHead(200, { 'Content-Type': file.type }).end(file.body);
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    gitServer = await startGitHttpServer({ credentials: GIT_USER });
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await receiver?.close();
    files?.closeAllConnections();
    await new Promise((resolve) => files?.close(resolve));
    await gitServer?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const api = () => t.http.as(adminToken);
  /** The webhooks are an extension: their bodies are checked against their own contract. */
  const hooks = () => t.http.as(adminToken, { contract: webhookContract });
  const folder = () => {
    const path = mkdtempSync(join(tmpdir(), 'admin-browser-'));
    folders.push(path);
    return path;
  };
  const writeFiles = (root: string, content: Record<string, string>) => {
    for (const [path, text] of Object.entries(content)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };

  /** Presses Tab until `target` has the focus (the keyboard's way to a control). */
  async function tabTo(page: Page, target: Locator, presses = 80): Promise<void> {
    for (let i = 0; i < presses; i++) {
      if (await target.evaluate(isFocused).catch(() => false)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target}`);
  }

  async function expectAccessible(page: Page): Promise<void> {
    expect(await seriousViolations(page)).toEqual([]);
  }

  const deliveryItem = (page: Page, name: string) => page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem', { name, exact: true });

  it('creates a webhook by keyboard alone, sees the event and a test delivered with their status and answer, and redelivers', async () => {
    const page = await openSignedIn(browser, base, adminEmail, `/o/${organizationId}`);
    await page.getByRole('link', { name: 'Organization settings' }).waitFor();

    await tabTo(page, page.getByRole('link', { name: 'Organization settings' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/o/${organizationId}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expectAccessible(page);
    await tabTo(page, page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/o/${organizationId}/settings/webhooks`);
    await page.getByText('No webhook yet.').waitFor();
    await expectAccessible(page);

    await tabTo(page, page.getByRole('button', { name: 'New webhook' }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'New webhook' });
    await eventually('the URL field has the focus', () => form.getByRole('textbox', { name: 'Payload URL' }).evaluate(isFocused));
    await page.keyboard.type(receiver.url);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Docs CI');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('checkbox', { name: /^All events/ }).evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.press('Space');
    const spaceCreated = form.getByRole('checkbox', { name: 'space_created', exact: true });
    await spaceCreated.waitFor();
    // The types come from the API's own document: every one it declares is offered.
    await expect(form.getByRole('checkbox', { name: 'change_request_merged', exact: true }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await tabTo(page, spaceCreated);
    await page.keyboard.press('Space');
    await tabTo(page, form.getByRole('button', { name: 'Create webhook' }));
    await page.keyboard.press('Enter');

    const secretField = page.getByRole('textbox', { name: 'Signing secret' });
    await secretField.waitFor();
    await expect(secretField.evaluate(isFocused)).resolves.toBe(true);
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page);
    const [created] = (await hooks().get(`/v1/orgs/${organizationId}/webhooks`)).body.items;
    expect(created).toMatchObject({ url: receiver.url, description: 'Docs CI', events: ['space_created'], status: 'active' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Done: the secret is gone for good
    await expect(secretField.count()).resolves.toBe(0);

    await tabTo(page, page.getByRole('list', { name: 'Webhooks' }).getByRole('link', { name: receiver.url }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/o/${organizationId}/settings/webhooks/${created.id}`);
    await page.getByText('Nothing was sent yet.').waitFor();

    // An event: a space made through the API, delivered by the worker, signed with the secret shown.
    await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Hooked' });
    const [request] = await receiver.received(1, 30_000);
    const payload = new Webhook(secret).verify(request.body, request.headers) as { type: string; sequence: number };
    expect(payload.type).toBe('space_created');
    const eventItem = deliveryItem(page, `space_created #${payload.sequence}`);
    await eventItem.getByText(/^Succeeded: 200 in \d+ ms$/).waitFor({ timeout: 30_000 });

    await tabTo(page, page.getByRole('button', { name: 'Send a test' }));
    await page.keyboard.press('Enter');
    await deliveryItem(page, 'ping').getByText(/^Succeeded: 200/).waitFor({ timeout: 30_000 });
    expect(receiver.requests.at(-1)!.json.type).toBe('ping');

    // The attempt and what the receiver answered, opened from the keyboard.
    await tabTo(page, eventItem.getByText('1 attempt'));
    await page.keyboard.press('Enter');
    await eventItem.getByText('thanks, received').waitFor();
    await expectAccessible(page);

    await tabTo(page, eventItem.getByRole('button', { name: `Redeliver space_created #${payload.sequence}` }));
    await page.keyboard.press('Enter');
    await deliveryItem(page, `again: space_created #${payload.sequence}`).getByText(/^Succeeded: 200/).waitFor({ timeout: 30_000 });
    // The same event again, with the same webhook-id: a receiver can tell.
    expect(receiver.requests.at(-1)!.headers['webhook-id']).toBe(request.headers['webhook-id']);
    await page.close();
  }, 180_000);

  it('edits, pauses and deletes a webhook; a member who is not an admin sees none of it', async () => {
    const made = await hooks().post(`/v1/orgs/${organizationId}/webhooks`, { url: `${receiver.url}/second`, events: ['site_published'] });
    const hooked = await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Hooked space' });
    const page = await openSignedIn(browser, base, adminEmail, `/o/${organizationId}/settings/webhooks/${made.body.id}`);
    await page.getByRole('heading', { level: 1, name: `${receiver.url}/second` }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit webhook' });
    await form.getByRole('textbox', { name: 'Description' }).fill('Every event');
    await form.getByRole('checkbox', { name: /^All events/ }).check();
    // Only about one space.
    await form.getByRole('group', { name: 'Spaces and sites' }).getByRole('checkbox', { name: 'Space Hooked space' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.getByRole('definition').filter({ hasText: 'All events' }).waitFor();
    expect((await hooks().get(`/v1/orgs/${organizationId}/webhooks/${made.body.id}`)).body).toMatchObject({ description: 'Every event', events: ['*'], spaces: [hooked.body.id], sites: [] });
    // Opened again, the form shows it; unchecked, the webhook hears about everything again.
    await page.getByRole('button', { name: 'Edit' }).click();
    const scope = form.getByRole('group', { name: 'Spaces and sites' }).getByRole('checkbox', { name: 'Space Hooked space' });
    await expect(scope.isChecked()).resolves.toBe(true);
    await scope.uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually('the filter is gone', async () => (await hooks().get(`/v1/orgs/${organizationId}/webhooks/${made.body.id}`)).body.spaces.length === 0);

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect((await hooks().get(`/v1/orgs/${organizationId}/webhooks/${made.body.id}`)).body.status).toBe('paused');

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('group', { name: 'Delete' }).getByRole('button', { name: 'Yes, delete' }).click();
    await page.waitForURL(`${base}/o/${organizationId}/settings/webhooks`);
    expect((await hooks().get(`/v1/orgs/${organizationId}/webhooks/${made.body.id}`)).status).toBe(404);
    await page.close();

    const editorBrowser = await launchChromium();
    try {
      const seen = await openSignedIn(editorBrowser, base, editorEmail, `/o/${organizationId}/settings/webhooks`);
      await seen.getByText("Only the organization's admins see and manage its webhooks.").waitFor();
      await expect(seen.getByRole('button', { name: 'New webhook' }).count()).resolves.toBe(0);
      await expect(seen.getByRole('list', { name: 'Webhooks' }).count()).resolves.toBe(0);
      // The OpenAPI specs: readable, but adding one needs the create role.
      await seen.goto(`${base}/o/${organizationId}/settings/openapi`);
      await seen.getByRole('heading', { level: 1, name: 'OpenAPI specs' }).waitFor();
      await expect(seen.getByRole('button', { name: 'Add spec' }).count()).resolves.toBe(0);
    } finally {
      await editorBrowser.close();
    }
  }, 120_000);

  it('adds OpenAPI specs by file and by URL, sees them processed with their versions, fetches one again', async () => {
    const specs = folder();
    writeFileSync(join(specs, 'Pet Store.yaml'), petStore('1.2.0'));
    writeFileSync(join(specs, 'notes.yaml'), 'just: some notes\n');
    const page = await openSignedIn(browser, base, adminEmail, `/o/${organizationId}/settings/openapi`);
    await page.getByText('No spec yet.').waitFor();

    // By file: the slug comes from the file's name.
    await page.getByRole('button', { name: 'Add spec' }).click();
    const form = page.getByRole('form', { name: 'Add an OpenAPI spec' });
    await form.getByRole('radio', { name: 'From a file' }).check();
    await form.getByLabel('Spec file').setInputFiles(join(specs, 'Pet Store.yaml'));
    await expect(form.getByRole('textbox', { name: 'Slug' }).inputValue()).resolves.toBe('pet-store');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Add spec' }).click();
    // The spec's urls.app is where the app lands.
    await page.waitForURL(/\/openapi\/pet-store$/);
    const petStoreSpec = (await api().get(`/v1/orgs/${organizationId}/openapi/pet-store`)).body;
    expect(page.url()).toBe(petStoreSpec.urls.app);
    expect(new URL(petStoreSpec.urls.app).pathname).toBe(`/o/${organizationId}/openapi/pet-store`);
    await page.getByRole('status').filter({ hasText: /^Processed$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Pet Store' }).waitFor();
    await page.getByRole('definition').filter({ hasText: /^1\.2\.0$/ }).waitFor();
    await expect(page.getByRole('list', { name: 'Versions' }).getByRole('listitem').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Fetch again' }).count()).resolves.toBe(0); // an uploaded file has nothing to fetch
    await expectAccessible(page);

    // By URL, from a server of the test: the slug comes from the URL's folder.
    served.set('/specs/billing/openapi.yaml', { type: 'application/yaml', body: billing('2.0.0') });
    await page.getByRole('link', { name: 'OpenAPI specs' }).first().click();
    await page.getByRole('list', { name: 'OpenAPI specs' }).getByRole('link', { name: 'pet-store' }).waitFor();
    await page.getByRole('button', { name: 'Add spec' }).click();
    await form.getByRole('textbox', { name: 'Spec URL' }).fill(`${filesOrigin}/specs/billing/openapi.yaml`);
    await expect(form.getByRole('textbox', { name: 'Slug' }).inputValue()).resolves.toBe('billing');
    await form.getByRole('button', { name: 'Add spec' }).click();
    await page.waitForURL(`${base}/o/${organizationId}/openapi/billing`);
    await page.getByRole('status').filter({ hasText: /^Processed$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('definition').filter({ hasText: /^2\.0\.0$/ }).waitFor();

    // The source changed: "Fetch again" keeps a second version.
    served.set('/specs/billing/openapi.yaml', { type: 'application/yaml', body: billing('2.1.0') });
    await page.getByRole('button', { name: 'Fetch again' }).click();
    await page.getByRole('definition').filter({ hasText: /^2\.1\.0$/ }).waitFor({ timeout: 30_000 });
    await eventually('two versions are listed', async () => (await page.getByRole('list', { name: 'Versions' }).getByRole('listitem').count()) === 2, 30_000);
    await expectAccessible(page);

    // A file that is no OpenAPI document: processed, and said to have failed.
    await page.getByRole('link', { name: 'OpenAPI specs' }).first().click();
    await page.getByRole('button', { name: 'Add spec' }).click();
    await form.getByRole('radio', { name: 'From a file' }).check();
    await form.getByLabel('Spec file').setInputFiles(join(specs, 'notes.yaml'));
    await form.getByRole('button', { name: 'Add spec' }).click();
    await page.waitForURL(`${base}/o/${organizationId}/openapi/notes`);
    await page.getByRole('status').filter({ hasText: 'Failed (not a valid OpenAPI document)' }).waitFor({ timeout: 30_000 });
    await page.getByText('No version yet: one is kept once the spec is processed.').waitFor();
    await expectAccessible(page);

    // The list shows where each stands.
    await page.getByRole('link', { name: 'OpenAPI specs' }).first().click();
    const list = page.getByRole('list', { name: 'OpenAPI specs' });
    await list.getByRole('listitem').filter({ hasText: 'billing' }).getByText('Processed', { exact: true }).waitFor();
    await expect(list.getByRole('listitem').count()).resolves.toBe(3);
    await expectAccessible(page);
    await page.close();
  }, 180_000);

  it('imports a zip made by `zip` into a space at 390 px, with the report and the pages that came in, and a markdown file by URL', async () => {
    const space = (await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Imported docs' })).body;
    await api().post(`/v1/spaces/${space.id}/content/pages`, { title: 'Already here', markdown: 'Before the import.' });
    const source = folder();
    writeFiles(source, {
      'README.md': '# Welcome\n\nStart with [installing](guide/install.md).\n',
      'guide/install.md': '# Install\n\nRun the installer, then [configure](configure.md).\n',
      'guide/configure.md': '# Configure\n\nSet `PORT` before you start.\n',
    });
    const archive = join(folder(), 'docs.zip');
    execFileSync('zip', ['-q', '-r', archive, '.'], { cwd: source });

    const narrow = await launchChromium({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    try {
      const page = await openSignedIn(narrow, base, adminEmail, `/s/${space.id}`);
      await page.getByRole('link', { name: 'Space settings' }).click();
      await page.waitForURL(`${base}/s/${space.id}/~/settings`);
      await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
      await expectAccessible(page);

      const form = page.getByRole('form', { name: 'Import content' });
      await form.getByLabel('File to import').setInputFiles(archive);
      await form.getByRole('button', { name: 'Import', exact: true }).click();
      const report = page.getByRole('region', { name: 'Import report' });
      await report.waitFor({ timeout: 60_000 });
      const imported = report.getByRole('list', { name: 'Imported pages' });
      const titles = await imported.getByRole('listitem').allTextContents();
      // The report names exactly the pages the space gained.
      const tree = (await api().get(`/v1/spaces/${space.id}/content/pages`)).body.pages as { title: string; pages?: { title: string }[] }[];
      const flat = (pages: { title: string; pages?: unknown[] }[]): string[] => pages.flatMap((p) => [p.title, ...flat((p.pages ?? []) as never)]);
      expect(flat(tree).filter((title) => title !== 'Already here').sort()).toEqual(titles.map((title) => title.replace(/ \(.*\)$/, '')).sort());
      expect(titles.join(' ')).toEqual(expect.stringContaining('Install'));
      expect(titles.join(' ')).toEqual(expect.stringContaining('Configure'));
      await report.getByText(/\d+ of \d+ resources imported/).waitFor();
      // No page of the report is wider than the screen.
      expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);

      // A page of the report opens in the editor, as imported.
      await imported.getByRole('link', { name: 'Install' }).click();
      await page.waitForURL(/\/s\/[^/]+\/.*install$/);
      await page.getByRole('textbox', { name: 'Page content' }).getByText('Run the installer').waitFor();

      // A markdown file by URL, fetched by the server.
      served.set('/notes/changelog.md', { type: 'text/markdown', body: '# Changelog\n\n- Imports from the app.\n' });
      await page.goto(`${base}/s/${space.id}/~/settings/import`);
      await form.getByRole('radio', { name: 'A URL' }).check();
      await form.getByRole('textbox', { name: 'URL to import' }).fill(`${filesOrigin}/notes/changelog.md`);
      await form.getByRole('combobox', { name: 'It is' }).selectOption('markdown');
      await form.getByRole('button', { name: 'Import', exact: true }).click();
      await report.getByRole('link', { name: 'Changelog' }).waitFor({ timeout: 60_000 });
      await expect(report.getByText('1 page came in:').isVisible()).resolves.toBe(true);

      // A file the import does not take is refused before anything is sent.
      const picture = join(folder(), 'picture.png');
      writeFileSync(picture, 'not really');
      await form.getByRole('radio', { name: 'A file' }).check();
      await form.getByLabel('File to import').setInputFiles(picture);
      await form.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'picture.png is not a file the import takes' }).waitFor();
      await page.close();
    } finally {
      await narrow.close();
    }
  }, 180_000);

  it('sets up Git Sync with a repository served by git http-backend: exports, imports, and saves export on merge', async () => {
    const space = (await api().post(`/v1/orgs/${organizationId}/spaces`, { title: 'Synced docs' })).body;
    await api().post(`/v1/spaces/${space.id}/content/pages`, { title: 'Overview', markdown: '# Overview\n\nKept in Git.' });
    gitServer.createRepository('docs');

    const page = await openSignedIn(browser, base, adminEmail, `/s/${space.id}`);
    await page.getByRole('link', { name: 'Space settings' }).click();
    await page.getByRole('navigation', { name: 'Space settings' }).getByRole('link', { name: 'Git Sync' }).click();
    await page.waitForURL(`${base}/s/${space.id}/~/settings/git-sync`);
    await page.getByText('This space is not synced with a repository.').waitFor();
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'Connect a repository' });
    await form.getByRole('textbox', { name: 'Repository URL' }).fill(gitServer.url('docs'));
    await expect(form.getByRole('textbox', { name: 'Branch' }).inputValue()).resolves.toBe('main');
    await form.getByRole('textbox', { name: /^Username/ }).fill(GIT_USER.username);
    await form.getByLabel(/^Token/).fill(GIT_USER.password);
    await form.getByRole('button', { name: 'Connect and export' }).click();
    const operations = page.getByRole('list', { name: 'Operations' });
    await operations.getByText(/^Export succeeded at [0-9a-f]{7}$/).waitFor({ timeout: 90_000 });
    await page.getByRole('definition').filter({ hasText: 'Stored (never shown)' }).waitFor();
    await expectAccessible(page);

    // The repository holds the space, committed by the worker.
    const clone = await cloneWithGit(gitServer.url('docs', GIT_USER));
    folders.push(clone);
    const exported = readdirSync(clone).filter((name) => name.endsWith('.md'));
    expect(exported).toEqual(expect.arrayContaining(['SUMMARY.md']));
    expect(exported.map((name) => readFileSync(join(clone, name), 'utf8')).join('\n')).toContain('Kept in Git.');

    // A page written in Git comes into the space with "Import from repository".
    const summary = readFileSync(join(clone, 'SUMMARY.md'), 'utf8');
    await commitWithGit(clone, { 'added-in-git.md': '# Added in Git\n\nWritten in a commit.\n', 'SUMMARY.md': `${summary.trimEnd()}\n* [Added in Git](added-in-git.md)\n` }, 'A page from Git');
    await git(clone, 'push', '--quiet', 'origin', 'main');
    await page.getByRole('button', { name: 'Import from repository' }).click();
    await operations.getByText(/^Import succeeded/).waitFor({ timeout: 90_000 });
    const titles = ((await api().get(`/v1/spaces/${space.id}/content/pages`)).body.pages as { title: string }[]).map((p) => p.title);
    expect(titles).toContain('Added in Git');

    // Export after every merge: saved.
    await page.getByRole('checkbox', { name: 'Export after every merge of a change request' }).check();
    await page.getByRole('status').filter({ hasText: 'Every merged change request will be exported.' }).waitFor();
    expect((await api().get(`/v1/spaces/${space.id}/git/settings`)).body).toMatchObject({ exportOnMerge: true, hasCredentials: true, ref: 'refs/heads/main' });
    await expectAccessible(page);
    await page.close();
  }, 240_000);
});
