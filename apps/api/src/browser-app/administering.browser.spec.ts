import type { Page } from 'playwright-core';
import { IdentityJobsModule } from '@docs/identity';
import { TEST_IDP_CERTIFICATE, TEST_PASSWORD } from '@docs/identity/testing';
import { JobWorker, JobWorkerModule } from '@docs/platform';
import { Browser, createTestApp, createTestDatabase, launchChromium, TestApp, TestDatabase } from '@docs/platform/testing';
import { eventually, isFocused, openSignedIn, seriousViolations, startAppInBrowser } from './app-in-browser';


/**
 * Administering an organization in the browser app (Debian Chromium, by role and accessible name):
 * an admin invites a person, who follows the mailed link, chooses a password and lands in the
 * organization; the admin changes their role, makes a team with them, removes them; a person's
 * own API token made, seen once, used and revoked, by keyboard only; a SAML provider added with
 * the values to give the identity provider; a member who is not an admin sees no admin control;
 * 390 px wide; axe-core on every screen. The worker runs beside the API, without SMTP_URL, so the
 * invitation link is read where an operator finds it: the worker's log.
 */
describe('administering in the browser app (Debian Chromium, playwright-core)', () => {
  let database: TestDatabase;
  let t: TestApp;
  let worker: TestApp;
  let base: string;
  let admin: Browser;
  let invitee: Browser;
  let writer: Browser;
  let organizationId: string;
  let adminToken: string;
  let adminEmail: string;
  let writerEmail: string;
  const logLines: { msg: string; link?: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const app = await startAppInBrowser({ roles: { writer: 'edit' }, title: 'Acme Handbook', database });
    ({ t, base, organizationId } = app);
    const env = { PUBLIC_URL: base, APP_URL: base };
    worker = await createTestApp({
      runtime: 'worker',
      imports: [IdentityJobsModule, JobWorkerModule],
      database,
      env: { ...env, LOG_LEVEL: 'info' },
      logDestination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
    });
    await worker.get(JobWorker).start();
    adminToken = app.people.admin.token;
    adminEmail = app.people.admin.user.email;
    writerEmail = app.people.writer.user.email;
    admin = await launchChromium({ permissions: ['clipboard-read', 'clipboard-write'] });
    invitee = await launchChromium();
    writer = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    for (const browser of [admin, invitee, writer]) await browser?.close();
    await worker?.close();
    await t?.close();
    await database?.drop();
  });

  const api = () => t.http.as(adminToken);
  const settings = (segment: string) => `/o/${organizationId}/settings/${segment}`;
  const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).waitFor();
  const noSeriousViolations = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

  /** The invitation link the worker logged for an address (mail is not configured). */
  async function invitationLink(email: string): Promise<string> {
    const find = () => logLines.find((line) => line.msg.startsWith(`mail is not configured (SMTP_URL): the invitation link for ${email} is `));
    await eventually(`the worker logged the invitation link for ${email}`, async () => find() !== undefined, 30_000);
    return find()!.link!;
  }

  it('invites a person, who chooses a password and signs in as member; changes their role, puts them in a team, removes them', async () => {
    const page = await openSignedIn(admin, base, adminEmail, `/o/${organizationId}`);
    await page.getByRole('link', { name: 'Organization settings' }).click();
    await page.waitForURL(`${base}/o/${organizationId}/settings`);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(`${base}${settings('members')}`);
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Members' }).and(page.locator('[aria-current="page"]')).waitFor();

    // Invite, as an editor.
    const invite = page.getByRole('form', { name: 'Invite members' });
    await invite.getByRole('textbox', { name: 'Email addresses' }).fill('Grace Hopper <Grace@Example.com>');
    await invite.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Editor' });
    await invite.getByRole('button', { name: 'Invite' }).click();
    await status(page, 'Invited grace@example.com as Editor: a mail with a link to join is on its way.');
    const invitations = page.getByRole('region', { name: 'Pending invitations' });
    await invitations.getByText('grace@example.com').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'grace@example.com' }).getByText('Invitation pending').first().waitFor();
    await noSeriousViolations(page);

    // The link from the mail (the worker's log): choose a password, land in the organization signed in.
    const link = await invitationLink('grace@example.com');
    const joining = await invitee.context.newPage();
    await joining.goto(link);
    await joining.getByRole('heading', { name: 'Join Acme Handbook' }).waitFor();
    await joining.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await joining.getByLabel('New password').fill(TEST_PASSWORD);
    await joining.getByRole('button', { name: 'Set password' }).click();
    await joining.waitForURL(`${base}/o/${organizationId}`);
    await joining.getByRole('heading', { level: 1, name: 'Acme Handbook' }).waitFor();
    const grace = (await api().get(`/v1/orgs/${organizationId}/members`, { query: { search: 'grace@example.com' } })).body.items[0];
    expect(grace).toMatchObject({ role: 'edit', user: { email: 'grace@example.com', displayName: 'Grace Hopper' } });
    // And the password signs her in anywhere.
    expect((await t.http.as(undefined).post('/auth/sign-in', { email: 'grace@example.com', password: TEST_PASSWORD }, { headers: { Origin: base } })).status).toBe(200);

    // Accepted: no longer pending.
    await page.reload();
    await page.getByRole('region', { name: 'Pending invitations' }).getByText('No invitation is waiting to be accepted.').waitFor();

    // Her role: Reviewer.
    await page.getByRole('combobox', { name: 'Role of grace@example.com' }).selectOption({ label: 'Reviewer' });
    await page.getByRole('button', { name: 'Change role of grace@example.com' }).click();
    await status(page, 'grace@example.com is now Reviewer.');
    expect((await api().get(`/v1/orgs/${organizationId}/members/${grace.id}`)).body.role).toBe('review');

    // A team with her in it.
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Teams' }).click();
    await page.waitForURL(`${base}${settings('teams')}`);
    await page.getByRole('button', { name: 'New team' }).click();
    await page.getByRole('form', { name: 'New team' }).getByRole('textbox', { name: 'Title' }).fill('Writers');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Writers' }).waitFor();
    const teamId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('combobox', { name: 'Member' }).selectOption({ label: 'Grace Hopper (grace@example.com)' });
    await page.getByRole('button', { name: 'Add to team' }).click();
    await status(page, 'grace@example.com is in the team.');
    await page.getByRole('region', { name: /Members of the team/ }).getByText('grace@example.com').waitFor();
    const teamMembers = (await api().get(`/v1/orgs/${organizationId}/teams/${teamId}/members`)).body.items;
    expect(teamMembers.map((member: { organization: { id: string } }) => member.organization.id)).toEqual([grace.id]);
    await noSeriousViolations(page);
    // She owns it, then is a plain member again.
    await page.getByRole('button', { name: 'Make owner grace@example.com' }).click();
    await status(page, 'grace@example.com owns the team.');
    await page.getByRole('region', { name: /Members of the team/ }).getByText('Owner', { exact: true }).waitFor();
    const teamRole = async () => (await api().get(`/v1/orgs/${organizationId}/teams/${teamId}/members`)).body.items[0].team.role;
    expect(await teamRole()).toBe('owner');
    await page.getByRole('button', { name: 'Make member grace@example.com' }).click();
    await status(page, 'grace@example.com is a member of the team, no longer an owner.');
    expect(await teamRole()).toBe('member');

    // Renamed.
    await page.getByRole('button', { name: 'Rename team' }).click();
    await page.getByRole('form', { name: 'Rename team' }).getByRole('textbox', { name: 'Title' }).fill('Technical writers');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Technical writers' }).waitFor();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('link', { name: 'Technical writers' }).waitFor();
    await noSeriousViolations(page);

    // Removed, after a confirmation: her session ends with her membership.
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Remove grace@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove grace@example.com?' });
    await dialog.waitFor();
    await noSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await status(page, 'grace@example.com is no longer a member.');
    await expect(page.getByRole('button', { name: 'Remove grace@example.com' }).count()).resolves.toBe(0);
    expect((await api().get(`/v1/orgs/${organizationId}/members/${grace.id}`)).status).toBe(404);
    await joining.goto(`${base}/o/${organizationId}`);
    expect(new URL(joining.url()).pathname).toBe('/auth/sign-in');
    await joining.close();
    await page.close();
  }, 180_000);

  it('cancels an invitation not accepted yet: its link no longer works', async () => {
    const page = await openSignedIn(admin, base, adminEmail, settings('members'));
    await page.getByRole('textbox', { name: 'Email addresses' }).fill('linus@example.com, ada@example.com');
    await page.getByRole('button', { name: 'Invite' }).click();
    await status(page, 'Invited 2 people as Reader');
    const link = await invitationLink('linus@example.com');
    await page.getByRole('button', { name: 'Cancel invitation for linus@example.com' }).click();
    await page.getByRole('dialog', { name: 'Cancel the invitation for linus@example.com?' }).getByRole('button', { name: 'Cancel invitation' }).click();
    await status(page, 'The invitation for linus@example.com is cancelled.');
    await expect(page.getByRole('region', { name: 'Pending invitations' }).getByText('linus@example.com').count()).resolves.toBe(0);
    await page.getByRole('region', { name: 'Pending invitations' }).getByText('ada@example.com').waitFor();
    const opened = await invitee.context.newPage();
    const answer = await opened.goto(link);
    expect(answer?.status()).toBe(410);
    await opened.close();
    await page.close();
  }, 90_000);

  it('makes an API token, shows it once, copies it; it works against /v1/user until revoked: all by keyboard', async () => {
    const page = await openSignedIn(admin, base, adminEmail, `/o/${organizationId}`);
    // Account menu -> API tokens.
    await page.getByRole('button', { name: 'Account' }).focus();
    await page.keyboard.press('Enter');
    const tokensLink = page.getByRole('link', { name: 'API tokens' });
    await eventually('the Account menu focuses its first entry', () => tokensLink.evaluate(isFocused));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/account/tokens`);
    await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();

    const label = page.getByRole('textbox', { name: 'Label' });
    await label.focus();
    await page.keyboard.type('CI script');
    await page.keyboard.press('Enter');
    const created = page.getByRole('region', { name: 'Your new token CI script' });
    await created.waitFor();
    const value = created.getByRole('textbox', { name: 'New token' });
    await eventually('the new token has the focus', () => value.evaluate(isFocused));
    const token = await value.inputValue();
    expect(token).toMatch(/^dpt_[0-9A-Za-z]{43}$/);
    await page.keyboard.press('Tab');
    await expect(created.getByRole('button', { name: 'Copy token' }).evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await status(page, 'Copied token.');
    await expect(page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).resolves.toBe(token);
    await noSeriousViolations(page);

    const me = await fetch(`${base}/v1/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(adminEmail);

    // Shown once: read again, the list has its prefix only.
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'CI script' }).waitFor();
    await expect(page.getByRole('region', { name: /Your new token/ }).count()).resolves.toBe(0);
    await expect(page.locator('main').textContent()).resolves.not.toContain(token);

    // Revoke: the dialog focuses Cancel first; Tab to Revoke, Enter.
    await page.getByRole('button', { name: 'Revoke CI script' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Revoke the token CI script?' });
    await dialog.waitFor();
    await eventually('Cancel has the focus', () => dialog.getByRole('button', { name: 'Cancel' }).evaluate(isFocused));
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Revoke' }).evaluate(isFocused)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await status(page, 'The token CI script is revoked.');
    await page.getByRole('listitem').filter({ hasText: 'CI script' }).getByText(/^Revoked /).waitFor();
    expect((await fetch(`${base}/v1/user`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    await page.close();
  }, 90_000);

  it('adds a SAML provider and shows the values to give the identity provider; edits and deletes it', async () => {
    const team = await api().put(`/v1/orgs/${organizationId}/teams`, { title: 'Single sign-on people' });
    const page = await openSignedIn(admin, base, adminEmail, settings('sso'));
    await page.getByText('No SAML provider yet.').waitFor();
    await page.getByRole('button', { name: 'New SAML provider' }).click();
    const form = page.getByRole('form', { name: 'New SAML provider' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Acme SSO');
    await form.getByRole('textbox', { name: 'Identity provider entity ID' }).fill('https://idp.acme.test/metadata');
    await form.getByRole('textbox', { name: 'SSO URL' }).fill('https://idp.acme.test/sso');
    await form.getByRole('textbox', { name: 'Certificate' }).fill(TEST_IDP_CERTIFICATE);
    await form.getByRole('combobox', { name: 'Default role' }).selectOption({ label: 'Editor' });
    await form.getByRole('combobox', { name: 'Default team' }).selectOption({ label: 'Single sign-on people' });
    await noSeriousViolations(page);
    await form.getByRole('button', { name: 'Add provider' }).click();
    await page.getByRole('heading', { level: 1, name: 'Acme SSO' }).waitFor();
    const providerId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText('Active', { exact: true }).waitFor();

    const provider = (await api().get(`/v1/orgs/${organizationId}/saml/${providerId}`)).body;
    expect(provider).toMatchObject({ label: 'Acme SSO', entityID: 'https://idp.acme.test/metadata', ssoURL: 'https://idp.acme.test/sso', defaultRole: 'edit', status: 'active' });
    expect(provider.defaultTeam.id).toBe(team.body.id);
    // What the identity provider needs, as the page shows it.
    const ours = page.getByRole('region', { name: 'For your identity provider' });
    const shown = async (term: string) => (await ours.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').locator('code').textContent())!;
    await expect(shown('Entity ID (metadata URL)')).resolves.toBe(`${base}/sso/saml/${providerId}/metadata`);
    await expect(shown('ACS URL')).resolves.toBe(`${base}/sso/saml/${providerId}/acs`);
    await expect(shown('Start URL')).resolves.toBe(`${base}/sso/saml/${providerId}/start`);
    await ours.getByRole('button', { name: 'Copy ACS URL' }).click();
    await expect(page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).resolves.toBe(`${base}/sso/saml/${providerId}/acs`);
    const metadata = await fetch(`${base}/sso/saml/${providerId}/metadata`);
    expect(await metadata.text()).toContain(`entityID="${base}/sso/saml/${providerId}/metadata"`);
    await noSeriousViolations(page);

    // The sign-in page offers it.
    const signIn = await writer.context.newPage();
    await signIn.goto(`${base}/auth/sign-in`);
    await signIn.getByRole('link', { name: 'Sign in with Acme SSO' }).waitFor();
    await signIn.close();

    // Edited: only what changed is sent.
    const edit = page.getByRole('form', { name: 'Identity provider of Acme SSO' });
    await edit.getByRole('combobox', { name: 'Default role' }).selectOption({ label: 'Reader' });
    await edit.getByRole('combobox', { name: 'Default team' }).selectOption({ label: 'No team' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await status(page, 'Acme SSO is saved.');
    const saved = (await api().get(`/v1/orgs/${organizationId}/saml/${providerId}`)).body;
    expect(saved).toMatchObject({ defaultRole: 'read', certificate: provider.certificate });
    expect(saved.defaultTeam).toBeUndefined();
    // A bad SSO URL is named before anything is sent.
    await edit.getByRole('textbox', { name: 'SSO URL' }).fill('idp.acme.test/sso');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'SSO URL must be an absolute http(s) URL' }).waitFor();
    expect((await api().get(`/v1/orgs/${organizationId}/saml/${providerId}`)).body.ssoURL).toBe('https://idp.acme.test/sso');

    await page.getByRole('button', { name: 'Delete provider' }).click();
    await page.getByRole('dialog', { name: 'Delete the SAML provider Acme SSO?' }).getByRole('button', { name: 'Delete provider' }).click();
    await page.waitForURL(`${base}${settings('sso')}`);
    await page.getByText('No SAML provider yet.').waitFor();
    expect((await api().get(`/v1/orgs/${organizationId}/saml/${providerId}`)).status).toBe(404);
    await page.close();
  }, 120_000);

  it('shows a member who is not an admin no admin control, and says why', async () => {
    await api().put(`/v1/orgs/${organizationId}/teams`, { title: 'Reviewers' });
    const page = await openSignedIn(writer, base, writerEmail, settings('members'));
    await page.getByText('Only admins can invite members, change roles and remove members.').waitFor();
    await page.getByRole('listitem').filter({ hasText: adminEmail }).getByText('Admin', { exact: true }).waitFor();
    await page.getByRole('listitem').filter({ hasText: writerEmail }).getByText('Editor', { exact: true }).waitFor();
    for (const name of ['Invite', /^Remove/, /^Change role/, /^Cancel invitation/]) await expect(page.getByRole('button', { name }).count()).resolves.toBe(0);
    await expect(page.getByRole('combobox').count()).resolves.toBe(0);
    await expect(page.getByRole('region', { name: 'Pending invitations' }).count()).resolves.toBe(0);
    await noSeriousViolations(page);

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Teams' }).click();
    await page.getByText("Only admins can make, rename and delete teams; a team's owners manage its members.").waitFor();
    await expect(page.getByRole('button', { name: 'New team' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Reviewers' }).click();
    await page.getByText("Only admins and the team's owners can change its members.").waitFor();
    for (const name of ['Add to team', 'Rename team', 'Delete team']) await expect(page.getByRole('button', { name }).count()).resolves.toBe(0);
    await noSeriousViolations(page);

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Single sign-on' }).click();
    await page.getByText('Only admins can set up single sign-on.', { exact: false }).waitFor();
    await expect(page.getByRole('button', { name: 'New SAML provider' }).count()).resolves.toBe(0);
    await noSeriousViolations(page);
    await page.close();
  }, 90_000);

  it('reads at 390 px wide in dark mode: the members screen and its invite form fit', async () => {
    const narrow = await launchChromium({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    try {
      const page = await openSignedIn(narrow, base, adminEmail, settings('members'));
      await page.getByRole('button', { name: 'Invite' }).waitFor();
      await page.getByRole('listitem').filter({ hasText: writerEmail }).waitFor();
      const widths = await page.evaluate(() => {
        const root = (globalThis as any).document.documentElement;
        return { scroll: root.scrollWidth as number, client: root.clientWidth as number };
      });
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      for (const name of ['Invite', `Remove ${writerEmail}`]) {
        const box = (await page.getByRole('button', { name }).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await noSeriousViolations(page);
      await page.goto(`${base}/account/tokens`);
      await page.getByRole('button', { name: 'Create token' }).waitFor();
      await noSeriousViolations(page);
    } finally {
      await narrow.close();
    }
  }, 90_000);
});
