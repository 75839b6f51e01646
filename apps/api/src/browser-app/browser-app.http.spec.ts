import { asBrowser, createOrganization, signInAs } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { ApiModule } from '../api.module';

describe('where urls.app land (the app shell)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
  });
  afterAll(() => t.close());

  it('sends a browser without a session to sign in, with where it was going; serves the shell to a person signed in', async () => {
    const { organization, members } = await createOrganization(t);
    const space = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, { title: 'Guide' });
    const path = new URL(space.body.urls.app).pathname;
    for (const target of [path, `${path}/some/page?x=1`, `/o/${organization.id}`, '/c/any', '/integrations/any', '/']) {
      const res = await t.http.as(undefined).get(target);
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe(`/auth/sign-in?next=${encodeURIComponent(target)}`);
    }
    const cookie = await signInAs(t, members.admin.user);
    const shell = await t.http.as(undefined).get(path, asBrowser(cookie));
    expect(shell.status).toBe(200);
    expect(shell.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shell.text).toContain('<button type="button" id="account-button" aria-haspopup="true" aria-expanded="false" aria-controls="account-menu">Account</button>');
    expect(shell.text).toContain('<form method="post" action="/auth/sign-out"><button type="submit">Sign out</button></form>');
    expect(shell.text).toContain(members.admin.user.email);
    const script = await t.http.as(undefined).get('/app-shell.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('const appObjectOf =');
    // An ended session is no session: back to the sign-in page.
    await t.http.as(undefined).post('/auth/sign-out', undefined, asBrowser(cookie));
    expect((await t.http.as(undefined).get(path, asBrowser(cookie))).status).toBe(303);
  });
});
