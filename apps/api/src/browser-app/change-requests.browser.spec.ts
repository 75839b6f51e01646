import type { Page } from 'playwright-core';
import { TestUser } from '@docs/identity/testing';
import { Browser, launchChromium, TestApp } from '@docs/platform/testing';
import { openSignedIn, seriousViolations as axe, startAppInBrowser } from './app-in-browser';

/**
 * Change requests in the app, in Debian's Chromium, driven by role and accessible name: a writer
 * opens one by writing in a locked space, a second person reviews it (changes requested, then
 * approved, as the merge rules ask), both discuss it, and it merges into the space; an update from
 * the space that conflicts is resolved by choosing a version; axe on the change request's screens.
 */
describe('change requests in the browser app (Debian Chromium, playwright-core)', () => {
  let t: TestApp;
  let base: string;
  let writerBrowser: Browser;
  let reviewerBrowser: Browser;
  let organizationId: string;
  let admin: TestUser;
  let writer: TestUser;
  let reviewer: TestUser;

  beforeAll(async () => {
    const app = await startAppInBrowser({ roles: { writer: 'edit', reviewer: 'review' } });
    ({ t, base, organizationId } = app);
    ({ admin, writer, reviewer } = app.people);
    writerBrowser = await launchChromium();
    // Phone-sized.
    reviewerBrowser = await launchChromium({ viewport: { width: 390, height: 844 } });
  }, 60_000);
  afterAll(async () => {
    await writerBrowser?.close();
    await reviewerBrowser?.close();
    await t.close();
  });

  const as = (who: TestUser) => t.http.as(who.token);

  /** A page of the app at `path`, signing in first when the browser has no session yet. */
  const open = (browser: Browser, who: TestUser, path: string): Promise<Page> => openSignedIn(browser, base, who.user.email, path);

  const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

  async function spaceWithPage(title: string, markdown: string, editMode: 'live' | 'locked' = 'live') {
    const space = (await as(admin).post(`/v1/orgs/${organizationId}/spaces`, { title })).body;
    const page = (await as(admin).post(`/v1/spaces/${space.id}/content/pages`, { title: 'Install', markdown })).body;
    if (editMode === 'locked') await as(admin).patch(`/v1/spaces/${space.id}`, { editMode });
    return { spaceId: space.id as string, pageId: page.id as string };
  }

  it('opens a change request from a locked space, is reviewed by a second person (changes requested, then approved), discussed, and merged into the space', async () => {
    const { spaceId, pageId } = await spaceWithPage('Handbook', 'Run the installer.', 'locked');
    await as(admin).patch(`/v1/spaces/${spaceId}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } });

    // The writer types in the locked space: the first change opens a change request, Save writes there.
    const mine = await open(writerBrowser, writer, `/s/${spaceId}/install`);
    await mine.getByText('This space is locked: your first change opens a change request, and saves go there.').waitFor();
    // Its page tree's edits go to a change request too (change-request-editing.browser.spec.ts).
    await mine.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'New page' }).waitFor();
    await editorOf(mine).getByText('Run the installer.').click();
    await mine.keyboard.press('End');
    await mine.keyboard.type(' Then sign in.');
    const opened = mine.getByRole('link', { name: /^change request #1 Edit Install$/ });
    await opened.waitFor();
    await mine.keyboard.press('Control+s');
    await mine.getByText(/^Saved at /).waitFor();
    expect((await as(admin).get(`/v1/spaces/${spaceId}/content/page/${pageId}`, { query: { format: 'markdown' } })).body.markdown).toBe('Run the installer.\n');
    expect((await as(admin).get(`/v1/spaces/${spaceId}/change-requests/1/content/page/${pageId}`, { query: { format: 'markdown' } })).body.markdown).toBe('Run the installer. Then sign in.\n');

    // Its screen: the page's text before and after, then ready for review with a reviewer asked.
    await opened.click();
    await mine.waitForURL(`${base}/s/${spaceId}/~/changes/1/install`);
    await mine.getByRole('link', { name: 'Overview' }).click();
    await mine.getByRole('heading', { level: 1, name: '#1 Edit Install' }).waitFor();
    const diff = mine.getByRole('group', { name: 'Text of Install, before and after' });
    await diff.getByRole('deletion').filter({ hasText: 'Run the installer.' }).waitFor();
    await diff.getByRole('insertion').filter({ hasText: 'Run the installer. Then sign in.' }).waitFor();
    await mine.getByRole('button', { name: 'Rename' }).click();
    await mine.getByRole('textbox', { name: 'Subject' }).fill('Say how to sign in');
    await mine.getByRole('button', { name: 'Save subject' }).click();
    await mine.getByRole('heading', { level: 1, name: '#1 Say how to sign in' }).waitFor();
    await mine.getByRole('button', { name: 'Ready for review' }).click();
    await mine.getByText('Open for review').waitFor();
    await mine.getByRole('combobox', { name: 'Reviewer' }).selectOption(reviewer.user.id);
    await mine.getByRole('button', { name: 'Request review' }).click();
    await mine.getByRole('button', { name: `Remove ${reviewer.user.displayName} as reviewer` }).waitFor();
    const merge = mine.getByRole('region', { name: 'Merge' });
    await merge.getByText('It needs an approval of its current version.').waitFor();
    await mine.getByRole('textbox', { name: 'Comment', exact: true }).fill('Is "sign in" the right word here?');
    await mine.getByRole('button', { name: 'Comment', exact: true }).click();
    await mine.getByRole('article', { name: `Comment by ${writer.user.displayName}` }).waitFor();

    // The second person, on a phone-sized screen: requests changes, replies, reacts, then approves.
    const theirs = await open(reviewerBrowser, reviewer, `/s/${spaceId}/~/changes/1`);
    await theirs.getByRole('heading', { level: 1, name: '#1 Say how to sign in' }).waitFor();
    await theirs.getByRole('textbox', { name: 'Review comment' }).fill('Mention the password rules.');
    await theirs.getByRole('button', { name: 'Request changes' }).click();
    const reviews = theirs.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('requested changes').waitFor();
    await theirs.getByRole('region', { name: 'Merge' }).getByText(`${reviewer.user.displayName} requested changes.`).waitFor();
    const thread = theirs.getByRole('article', { name: `Comment by ${writer.user.displayName}` });
    await thread.getByRole('textbox', { name: 'Reply' }).fill('Yes, it is what the sign-in page says.');
    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.getByRole('list', { name: 'Replies' }).getByText('Yes, it is what the sign-in page says.').waitFor();
    await thread.getByRole('button', { name: 'React with 👍' }).first().click();
    await thread.getByRole('button', { name: 'React with 👍', pressed: true }).first().waitFor();
    await thread.getByRole('button', { name: 'Resolve' }).click();
    await thread.getByRole('button', { name: 'Reopen' }).waitFor();

    // The writer sees the review, edits the page in the change request; the reviewer approves the new version.
    await mine.reload();
    await mine.getByRole('region', { name: 'Reviews' }).getByText('Mention the password rules.').waitFor();
    await mine.getByRole('tree', { name: 'Pages of the change request' }).getByRole('treeitem', { name: 'Install' }).click();
    await mine.waitForURL(`${base}/s/${spaceId}/~/changes/1/install`);
    await editorOf(mine).getByText('Run the installer. Then sign in.').click();
    await mine.keyboard.press('End');
    await mine.keyboard.type(' Passwords have 12 characters or more.');
    await mine.getByRole('button', { name: 'Save' }).click();
    await mine.getByText(/^Saved at /).waitFor();

    await theirs.reload();
    await theirs.getByRole('region', { name: 'Reviews' }).getByText(/outdated/).waitFor();
    await theirs.getByRole('button', { name: 'Approve' }).click();
    await theirs.getByRole('region', { name: 'Merge' }).getByText('Ready to merge.').waitFor();
    await theirs.getByRole('button', { name: 'Merge' }).click();
    await theirs.getByText('Merged into the space.').waitFor();

    // The space shows the change.
    await theirs.getByRole('link', { name: 'Open the space' }).click();
    await editorOf(theirs).getByText('Run the installer. Then sign in. Passwords have 12 characters or more.').waitFor();
    expect((await as(admin).get(`/v1/spaces/${spaceId}/content/page/${pageId}`, { query: { format: 'markdown' } })).body.markdown).toBe(
      'Run the installer. Then sign in. Passwords have 12 characters or more.\n',
    );
    await mine.close();
    await theirs.close();
  }, 180_000);

  it('on a live space, Save writes the space and "Edit in a change request" moves the writing there; an update that conflicts is resolved by choosing a version', async () => {
    // A reviewer writes here (on a phone-sized screen), so that they may merge too.
    const { spaceId, pageId } = await spaceWithPage('Runbook', 'First step.\n\nSecond step.');
    const mine = await open(reviewerBrowser, reviewer, `/s/${spaceId}/install`);
    await editorOf(mine).getByText('Second step.').click();
    await mine.keyboard.press('End');
    await mine.keyboard.type(' Live.');
    await mine.getByRole('button', { name: 'Save' }).click();
    await mine.getByText(/^Saved at /).waitFor();
    expect((await as(admin).get(`/v1/spaces/${spaceId}/content/page/${pageId}`, { query: { format: 'markdown' } })).body.markdown).toBe('First step.\n\nSecond step. Live.\n');

    await mine.getByRole('button', { name: 'Edit in a change request' }).click();
    await mine.getByRole('link', { name: /^change request #1 Edit Install$/ }).waitFor();
    await editorOf(mine).getByText('First step.').click();
    await mine.keyboard.press('End');
    await mine.keyboard.type(' Mine.');
    await mine.getByRole('button', { name: 'Save' }).click();
    await mine.getByText(/^Saved at /).waitFor();
    // Meanwhile the same paragraph changes in the space.
    await as(admin).patch(`/v1/spaces/${spaceId}/content/page/${pageId}`, { markdown: 'First step, theirs.\n\nSecond step. Live.' });

    await mine.goto(`${base}/s/${spaceId}/~/changes/1`);
    await mine.getByRole('button', { name: 'Update from the space' }).click();
    await mine.getByText(/^Updated from the space, with conflicts on Install/).waitFor();
    const conflicts = mine.getByRole('region', { name: 'Conflicts with the space' });
    await conflicts.getByRole('region', { name: "The change request's version" }).getByText('First step. Mine.').waitFor();
    await conflicts.getByRole('region', { name: "The space's version" }).getByText('First step, theirs.').waitFor();
    await mine.getByRole('region', { name: 'Merge' }).getByText('1 page has conflicts with the space to resolve.').waitFor();
    expect(await axe(mine)).toEqual([]);
    await conflicts.getByRole('button', { name: "Keep the change request's version of Install" }).click();
    await conflicts.waitFor({ state: 'detached' });
    await mine.getByRole('button', { name: 'Merge' }).click();
    await mine.getByText('Merged into the space.').waitFor();
    expect((await as(admin).get(`/v1/spaces/${spaceId}/content/page/${pageId}`, { query: { format: 'markdown' } })).body.markdown).toBe('First step. Mine.\n\nSecond step. Live.\n');
    await mine.close();
  }, 120_000);

  it('has no serious or critical accessibility violation (axe-core) on a change request: its overview, a page of it, the space with its list; archive and reopen by keyboard', async () => {
    const { spaceId, pageId } = await spaceWithPage('Audited changes', '# Install\n\nRun it.');
    const cr = (await as(writer).post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Audit' })).body;
    await as(writer).patch(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${pageId}`, { markdown: '# Install\n\nRun it twice.' });
    await as(writer).post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/comments`, { body: { markdown: 'Why twice?' }, page: pageId });
    const audit = await launchChromium();
    try {
      const page = await open(audit, reviewer, `/s/${spaceId}/~/changes/${cr.number}`);
      await page.getByRole('region', { name: 'Changes' }).getByRole('insertion').first().waitFor();
      await page.getByRole('region', { name: 'Comments' }).getByText('Why twice?').waitFor();
      expect(await axe(page)).toEqual([]);
      await page.goto(`${base}/s/${spaceId}/~/changes/${cr.number}/install`);
      await editorOf(page).waitFor();
      const pageComments = page.getByRole('region', { name: 'Comments on this page' });
      await pageComments.getByText('Why twice?').waitFor();
      // A comment on the page's text: the block the cursor is in.
      await editorOf(page).getByText('Run it twice.').click();
      await pageComments.getByRole('checkbox', { name: 'On the text the cursor is in: “Run it twice.”' }).waitFor();
      await pageComments.getByRole('textbox', { name: 'Comment on this page' }).fill('Once is enough.');
      await pageComments.getByRole('button', { name: 'Comment', exact: true }).click();
      await pageComments.getByRole('article', { name: `Comment by ${reviewer.user.displayName}` }).getByText('Run it twice.').waitFor();
      const comments = (await as(admin).get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/comments`)).body.items as { target: { node?: { preview?: string } } }[];
      expect(comments.map((comment) => comment.target.node?.preview)).toContain('Run it twice.');
      expect(await axe(page)).toEqual([]);
      await page.goto(`${base}/s/${spaceId}/install`);
      await page.getByRole('region', { name: 'Change requests' }).getByRole('link', { name: '#1 Audit' }).waitFor();
      expect(await axe(page)).toEqual([]);

      // Keyboard only: focus the Archive button by Tab and press Enter, then Reopen the same way.
      await page.goto(`${base}/s/${spaceId}/~/changes/${cr.number}`);
      const archive = page.getByRole('button', { name: 'Archive' });
      await archive.waitFor();
      await tabTo(page, 'Archive');
      await page.keyboard.press('Enter');
      await page.getByText('Archived').first().waitFor();
      await tabTo(page, 'Reopen');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Archive' }).waitFor();
      expect((await as(admin).get(`/v1/spaces/${spaceId}/change-requests/${cr.id}`)).body.status).toBe('open');
      await page.close();
    } finally {
      await audit.close();
    }
  }, 120_000);

  /** Presses Tab until the focused element is the button named `name` (a keyboard user's way there). */
  async function tabTo(page: Page, name: string): Promise<void> {
    for (let presses = 0; presses < 60; presses++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => (globalThis as any).document.activeElement?.textContent?.trim() as string | undefined);
      if (focused === name) return;
    }
    throw new Error(`No button named ${name} within 60 presses of Tab.`);
  }
});
