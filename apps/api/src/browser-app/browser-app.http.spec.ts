import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asBrowser, createOrganization, signInAs } from '@docs/identity/testing';
import { createTestApp, TestApp } from '@docs/platform/testing';
import { ApiModule } from '../api.module';
import { BROWSER_APP_DIST } from './browser-app-files';

/** Needs the app built (`nx build app`: the api's test target depends on it). */
describe('where urls.app land: the browser app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ApiModule] });
  });
  afterAll(() => t.close());

  it('sends a browser without a session to sign in, with where it was going; serves the app to a person signed in', async () => {
    const { organization, members } = await createOrganization(t);
    const space = await t.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/spaces`, { title: 'Guide' });
    const path = new URL(space.body.urls.app).pathname;
    for (const target of [path, `${path}/some/page?x=1`, `/o/${organization.id}`, `/o/${organization.id}/settings/members`, '/c/any', '/integrations/any', '/account/tokens', `/join/${organization.id}/any`, '/']) {
      const res = await t.http.as(undefined).get(target);
      expect(res.status).toBe(303);
      expect(res.headers['location']).toBe(`/auth/sign-in?next=${encodeURIComponent(target)}`);
    }
    const cookie = await signInAs(t, members.admin.user);
    const app = await t.http.as(undefined).get(path, asBrowser(cookie));
    expect(app.status).toBe(200);
    expect(app.headers['content-security-policy']).toContain("script-src 'self'");
    // It frames the site server's previews, nothing else.
    expect(app.headers['content-security-policy']).toContain('frame-src http://docs.test;');
    expect(app.headers['cache-control']).toBe('no-store');
    const script = /<script type="module" crossorigin src="\/assets\/([\w.-]+\.js)">/.exec(app.text)![1];
    // An ended session is no session: back to the sign-in page.
    await t.http.as(undefined).post('/auth/sign-out', undefined, asBrowser(cookie));
    expect((await t.http.as(undefined).get(path, asBrowser(cookie))).status).toBe(303);

    // The files: public (a script tag carries no cookie rules), cached for a year (their names change with them).
    const asset = await t.http.as(undefined).get(`/assets/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(readdirSync(join(BROWSER_APP_DIST, 'assets'))).toContain(script);
    expect((await t.http.as(undefined).get('/assets/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await t.http.as(undefined).get('/assets/missing-file.js')).status).toBe(404);
  });

  it('sends its scripts and styles compressed in the form a browser takes, the same text once decoded', async () => {
    const assets = join(BROWSER_APP_DIST, 'assets');
    const files = readdirSync(assets).filter((name) => /\.(js|css)$/.test(name));
    expect(files.some((name) => name.endsWith('.js')) && files.some((name) => name.endsWith('.css'))).toBe(true);
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'gzip, deflate', encoding: 'gzip' },
      { accept: 'br;q=0, gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: undefined },
    ];
    for (const name of files) {
      const plain = readFileSync(join(assets, name), 'utf8');
      const sent: (string | undefined)[] = [];
      for (const { accept, encoding } of cases) {
        // The test client decodes brotli and gzip as a browser does.
        const res = await t.http.as(undefined).get(`/assets/${name}`, { headers: { 'Accept-Encoding': accept } });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(name.endsWith('.js') ? /^(text|application)\/javascript/ : /^text\/css/);
        expect(res.headers['vary']).toBe('Accept-Encoding');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.text).toBe(plain);
        // A compressed form only where it is smaller (a file of a few bytes goes as it is).
        sent.push(res.headers['content-encoding']);
        if (res.headers['content-encoding'] !== undefined) {
          expect(res.headers['content-encoding']).toBe(encoding);
          expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain));
        }
      }
      if (plain.length > 1024) expect(sent).toEqual(cases.map((c) => c.encoding));
    }
  });
});
