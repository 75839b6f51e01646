import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { Browser, launchChromium, TestApp } from '@docs/platform/testing';
import { eventually, isFocused, openSignedIn, seriousViolations, startAppInBrowser } from './app-in-browser';

/**
 * The app in Debian's Chromium, driven by role and accessible name as a screen reader finds its
 * controls: sign in, make a space and a page, write with markdown shortcuts and the / menu, save,
 * find it saved; open and save without a change (no revision); two people saving the same page.
 */
describe('writing in the browser app (Debian Chromium, playwright-core)', () => {
  let t: TestApp;
  let base: string;
  let writer: Browser;
  let second: Browser;
  let organizationId: string;
  let adminToken: string;
  const people: { email: string; id: string; name: string }[] = [];

  beforeAll(async () => {
    const app = await startAppInBrowser({ roles: { editor: 'edit' } });
    ({ t, base, organizationId } = app);
    adminToken = app.people.admin.token;
    for (const member of [app.people.admin, app.people.editor]) people.push({ email: member.user.email, id: member.user.id, name: member.user.displayName });
    writer = await launchChromium();
    second = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await writer?.close();
    await second?.close();
    await t.close();
  });

  const signIn = (browser: Browser, email: string, path: string): Promise<Page> => openSignedIn(browser, base, email, path);

  const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

  async function pageMarkdown(spaceId: string, path: string): Promise<string> {
    const res = await t.http.as(adminToken).get(`/v1/spaces/${spaceId}/content/path/${path}`, { query: { format: 'markdown' } });
    return res.body.markdown as string;
  }

  it('makes a space and a page, writes with shortcuts and the / menu, saves, and finds it saved', async () => {
    const page = await signIn(writer, people[0].email, `/o/${organizationId}`);
    await page.getByRole('button', { name: 'New space' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Field guide');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/s\/[^/]+$/);
    const spaceId = new URL(page.url()).pathname.split('/')[2];

    await page.getByRole('button', { name: 'New page' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Getting started');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${base}/s/${spaceId}/getting-started`);
    await page.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
    await page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: 'Getting started' }).waitFor();

    const editor = editorOf(page);
    await editor.click();
    await page.keyboard.type('## Install');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Run the installer, then sign in.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/hint');
    await page.getByRole('option', { name: /Hint/ }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Keep your token secret.');
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved at /).waitFor();

    const markdown = await pageMarkdown(spaceId, 'getting-started');
    expect(markdown).toContain('## Install');
    expect(markdown).toContain('Run the installer, then sign in.');
    expect(markdown).toMatch(/\{% hint style="info" %\}\nKeep your token secret\.\n\{% endhint %\}/);

    // Read again from the server: the same text in the editor.
    await page.reload();
    await editorOf(page).getByRole('heading', { name: 'Install' }).waitFor();
    await expect(editorOf(page).textContent()).resolves.toContain('Keep your token secret.');
    await page.close();
  }, 90_000);

  it('writes no revision when a page is opened and saved without a change', async () => {
    const space = await t.http.as(adminToken).post(`/v1/orgs/${organizationId}/spaces`, { title: 'Unchanged' });
    const markdown = ['# Intro', '', 'Some **bold** and a [link](https://example.com).', '', '{% hint style="warning" %}', 'Careful.', '{% endhint %}', '', '```js', 'const x = 1;', '```'].join('\n');
    await t.http.as(adminToken).post(`/v1/spaces/${space.body.id}/content/pages`, { title: 'Intro', markdown });
    const before = (await t.http.as(adminToken).get(`/v1/spaces/${space.body.id}`)).body.revision;
    const page = await signIn(writer, people[0].email, `/s/${space.body.id}/intro`);
    await editorOf(page).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved at /).waitFor();
    expect((await t.http.as(adminToken).get(`/v1/spaces/${space.body.id}`)).body.revision).toBe(before);
    await page.close();
  }, 60_000);

  it('when someone else saved the page first, shows their version and lets the writer choose: nothing is lost', async () => {
    const space = await t.http.as(adminToken).post(`/v1/orgs/${organizationId}/spaces`, { title: 'Shared' });
    await t.http.as(adminToken).post(`/v1/spaces/${space.body.id}/content/pages`, { title: 'Plan', markdown: 'First line.' });
    const path = `/s/${space.body.id}/plan`;
    const mine = await signIn(writer, people[0].email, path);
    const theirs = await signIn(second, people[1].email, path);
    for (const page of [mine, theirs]) await editorOf(page).getByText('First line.').waitFor();

    await editorOf(theirs).getByText('First line.').click();
    await theirs.keyboard.press('End');
    await theirs.keyboard.type(' Their addition.');
    await theirs.getByRole('button', { name: 'Save' }).click();
    await theirs.getByText(/^Saved at /).waitFor();

    await editorOf(mine).getByText('First line.').click();
    await mine.keyboard.press('End');
    await mine.keyboard.type(' My addition.');
    await mine.getByRole('button', { name: 'Save' }).click();
    const dialog = mine.getByRole('dialog', { name: 'Someone else saved this page' });
    await dialog.waitFor();
    await dialog.getByRole('region', { name: 'Their version' }).getByText('First line. Their addition.').waitFor();
    await expect(editorOf(mine).first().textContent()).resolves.toContain('My addition.');
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await mine.getByText(/^Saved at /).waitFor();

    expect(await pageMarkdown(space.body.id, 'plan')).toContain('First line. My addition.');
    // Theirs is in the history, a revision of its own: nothing is lost.
    const history: { id: string }[] = await t.dataSource.query(`SELECT id FROM revisions WHERE space_id = $1`, [space.body.id]);
    const pageId = (await t.http.as(adminToken).get(`/v1/spaces/${space.body.id}/content/path/plan`)).body.id;
    const versions: string[] = [];
    for (const revision of history) {
      const read = await t.http.as(adminToken).get(`/v1/spaces/${space.body.id}/revisions/${revision.id}/page/${pageId}`, { query: { format: 'markdown' } });
      if (read.status === 200) versions.push((read.body.markdown as string).trim());
    }
    expect(versions.sort()).toEqual(['First line.', 'First line. My addition.', 'First line. Their addition.']);
    await mine.close();
    await theirs.close();
  }, 90_000);

  it('links text to another page chosen by its title (Mod-k, a combobox), by keyboard, and saves it', async () => {
    const space = await t.http.as(adminToken).post(`/v1/orgs/${organizationId}/spaces`, { title: 'Linked' });
    const guide = await t.http.as(adminToken).post(`/v1/spaces/${space.body.id}/content/pages`, { title: 'Install guide', markdown: 'How to install.' });
    const notes = await t.http.as(adminToken).post(`/v1/spaces/${space.body.id}/content/pages`, { title: 'Notes', markdown: 'Read the guide first.\n\n## Setup\n\nSteps.' });
    const page = await signIn(writer, people[0].email, `/s/${space.body.id}/notes`);
    await editorOf(page).getByText('Read the guide first.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+k');
    const target = page.getByRole('dialog', { name: 'Link' }).getByRole('combobox', { name: 'Link target' });
    await expect(target.evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.type('install');
    const option = page.getByRole('listbox', { name: 'Link target: suggestions' }).getByRole('option', { name: /Install guide/ });
    await option.waitFor();
    // The form and its open list pass axe as well.
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.keyboard.press('ArrowDown');
    await expect(target.getAttribute('aria-activedescendant')).resolves.toBe(await option.getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Link' }).waitFor({ state: 'detached' });
    await editorOf(page).locator('a', { hasText: 'Read the guide first.' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved at /).waitFor();
    const saved = await t.http.as(adminToken).get(`/v1/spaces/${space.body.id}/content/page/${notes.body.id}`, { query: { format: 'document' } });
    expect(saved.body.document.nodes[0].nodes).toEqual([
      expect.objectContaining({ object: 'inline', type: 'link', data: { ref: { kind: 'page', page: guide.body.id } }, nodes: [expect.objectContaining({ object: 'text' })] }),
    ]);

    // A heading of the page is offered by its title, and links to its anchor.
    await editorOf(page).getByText('Steps.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('setup');
    await page.getByRole('group', { name: 'Headings of this page' }).getByRole('option', { name: /Setup/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually('the anchor link saved', async () => (await pageMarkdown(space.body.id, 'notes')).includes('[Steps.](#setup)'));
    await page.close();
  }, 90_000);

  it('mentions a member (@), inserts a button, annotates a word and moves a tab, by keyboard, and saves them; axe passes with them on screen', async () => {
    const space = await t.http.as(adminToken).post(`/v1/orgs/${organizationId}/spaces`, { title: 'Inlines' });
    const markdown = 'Intro.\n\n{% tabs %}\n{% tab title="First" %}\nOne\n{% endtab %}\n\n{% tab title="Second" %}\nTwo\n{% endtab %}\n{% endtabs %}\n';
    const created = await t.http.as(adminToken).post(`/v1/spaces/${space.body.id}/content/pages`, { title: 'Team', markdown });
    const page = await signIn(writer, people[0].email, `/s/${space.body.id}/team`);
    const editor = editorOf(page);
    await editor.getByText('Intro.').click();
    await page.keyboard.press('End');
    const editorName = people[1].name;
    await page.keyboard.type(` Ask @${editorName.slice(0, 6)}`);
    await page.getByRole('listbox', { name: 'Mention someone or a page' }).getByRole('option', { name: new RegExp(editorName) }).waitFor();
    await page.keyboard.press('Enter');
    await editor.getByText(`@${editorName}`).waitFor();

    await page.keyboard.type('then /button');
    await page.getByRole('option', { name: 'Button' }).waitFor();
    await page.keyboard.press('Enter');
    const label = editor.getByRole('group', { name: 'Button' }).getByRole('textbox', { name: 'Button label' });
    await expect(label.evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.type('Sign up');
    await page.keyboard.press('Enter');
    await page.keyboard.type(' today.');

    // Annotate "Intro": select it, Ctrl+Alt+M, write the note, apply by keyboard.
    await editor.locator('p').first().click({ position: { x: 1, y: 8 } });
    await page.keyboard.press('Home');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Control+Alt+m');
    const note = page.getByRole('dialog', { name: 'Annotation' }).getByRole('textbox', { name: 'Note' });
    await expect(note.evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.type('Where it *starts*.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Annotation' }).waitFor({ state: 'detached' });

    // The second tab first: the cursor in it, Alt+ArrowLeft.
    await editor.getByText('Two', { exact: true }).click();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect(editor.getByRole('textbox', { name: 'Tab title' }).first().inputValue()).resolves.toBe('Second');

    await expect(seriousViolations(page)).resolves.toEqual([]);
    // 390 px wide: the chips, the columns of controls and the forms stay within the window.
    await page.setViewportSize({ width: 390, height: 800 });
    await editor.getByText('Two', { exact: true }).click();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Link target' }).waitFor();
    await expect(page.evaluate(`document.documentElement.scrollWidth - window.innerWidth`)).resolves.toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved at /).waitFor();
    const saved = (await t.http.as(adminToken).get(`/v1/spaces/${space.body.id}/content/page/${created.body.id}`, { query: { format: 'document' } })).body.document;
    const inlines = saved.nodes[0].nodes;
    expect(inlines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'annotation', nodes: [expect.objectContaining({ leaves: [expect.objectContaining({ text: 'Intro' })] })] }),
        expect.objectContaining({ type: 'mention', data: { ref: { kind: 'user', user: people[1].id } } }),
        expect.objectContaining({ type: 'button', data: { label: 'Sign up', kind: 'primary', ref: { kind: 'url', url: '' } } }),
      ]),
    );
    expect(JSON.stringify(inlines.find((node: { type?: string }) => node.type === 'annotation').fragments)).toContain('starts');
    expect(saved.nodes[1].nodes.map((tab: { data: { title: string } }) => tab.data.title)).toEqual(['Second', 'First']);
    await page.close();
  }, 120_000);

  it('has no serious or critical accessibility violation (axe-core) on the organization and on a space with its page in the editor', async () => {
    const audit = await launchChromium({ bypassCSP: true });
    try {
      const axe = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
      const check = async (page: Page) => {
        await page.addScriptTag({ content: axe });
        const results = await page.evaluate(() => (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] }));
        const serious = results.violations.filter((violation: { impact: string }) => violation.impact === 'serious' || violation.impact === 'critical');
        expect(serious.map((violation: { id: string; nodes: { target: string[] }[] }) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      };
      const space = await t.http.as(adminToken).post(`/v1/orgs/${organizationId}/spaces`, { title: 'Audited' });
      await t.http.as(adminToken).post(`/v1/spaces/${space.body.id}/content/pages`, { title: 'Every block', markdown: '# Title\n\nText with `code`.\n\n* a\n* b\n\n> quote\n\n{% hint style="success" %}\nDone.\n{% endhint %}\n\n| A | B |\n| - | - |\n| 1 | 2 |' });
      const page = await signIn(audit, people[0].email, `/o/${organizationId}`);
      await page.getByRole('tree', { name: 'Collections and spaces' }).waitFor();
      await check(page);
      await page.goto(`${base}/s/${space.body.id}/every-block`);
      await editorOf(page).waitFor();
      await check(page);
      await page.close();
    } finally {
      await audit.close();
    }
  }, 90_000);
});
