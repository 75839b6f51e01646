import { Browser, createTestApp, freePort, launchChromium, TestApp } from '@docs/platform/testing';
import { createOrganization } from '../../testing';
import { SimpleSamlPhpIdp, startSimpleSamlPhp } from '../../testing/simplesamlphp-idp';
import { IdentityModule } from '../identity.module';

/**
 * One sign-in as a person does it: Chromium opens our start URL, lands on SimpleSAMLphp's login
 * form (Debian's package, a real IdP no code of ours wrote), signs in there, and its page posts
 * the signed response to our ACS. The app answers at `localhost`, the IdP at `127.0.0.1`: two
 * sites, as in production, so the session cookie is set on a cross-site POST.
 */
describe('SAML sign-in through a real identity provider (SimpleSAMLphp, Chromium)', () => {
  let t: TestApp;
  let idp: SimpleSamlPhpIdp;
  let browser: Browser;
  let base: string;
  const person = { username: 'ada', password: 'analytical engine', email: 'ada.lovelace@example.com' };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    t = await createTestApp({ imports: [IdentityModule], env: { PUBLIC_URL: base, APP_URL: base } });
    await t.app.listen(port, '127.0.0.1');
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await t.close();
  });

  it('signs a new person in through the IdP login form: back on our app with a working session, a member with the default role', async () => {
    const { organization, members } = await createOrganization(t);
    const admin = t.http.as(members.admin.token);
    const provider = (await admin.post(`/v1/orgs/${organization.id}/saml`, { label: 'SimpleSAMLphp' })).body;
    idp = await startSimpleSamlPhp({ serviceProvider: { entityId: provider.service.entityID, acsUrl: provider.service.acsURL }, user: person });
    const configured = await admin.patch(`/v1/orgs/${organization.id}/saml/${provider.id}`, {
      entityID: idp.entityId,
      ssoURL: idp.ssoUrl,
      certificate: idp.certificate,
      defaultRole: 'comment',
    });
    expect(configured.body.status).toBe('active');

    browser = await launchChromium();
    const page = await browser.context.newPage();
    const next = `/o/${organization.id}/welcome`;
    await page.goto(`${provider.service.startURL}?next=${encodeURIComponent(next)}`);
    expect(page.url()).toMatch(new RegExp(`^${idp.origin}/module\\.php/core/loginuserpass\\.php\\?AuthState=`));

    await page.fill('#username', person.username);
    await page.fill('#password', person.password);
    await Promise.all([page.waitForURL(`${base}${next}`, { waitUntil: 'commit' }), page.click('#submit_button')]);

    const me = await page.goto(`${base}/v1/user`);
    expect(me?.status()).toBe(200);
    expect(await me?.json()).toMatchObject({ object: 'user', email: person.email });
    const [member] = await t.dataSource.query(
      `SELECT m.role, m.sso FROM organization_members m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 AND u.email = $2`,
      [organization.id, person.email],
    );
    expect(member).toEqual({ role: 'comment', sso: true });
    // The IdP answered our AuthnRequest (InResponseTo), which is used up.
    expect(await t.dataSource.query(`SELECT id FROM saml_requests WHERE provider_id = $1`, [provider.id])).toEqual([]);
    const cookies = await browser.context.cookies(base);
    expect(cookies.find((cookie) => cookie.name === 'docs_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });
});
