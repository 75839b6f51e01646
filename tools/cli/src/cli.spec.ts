import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { IdentityModule } from '@docs/identity';
import { createTestApp, eventually, TestApp } from '@docs/platform/testing';
import { runCli } from './cli';

describe('operator CLI', () => {
  let t: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ imports: [IdentityModule] });
    env = { DATABASE_URL: t.database.url };
  });
  afterAll(() => t.close());

  async function cli(...argv: string[]) {
    return cliWithInput(undefined, ...argv);
  }

  async function cliWithInput(input: string | undefined, ...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const readLine = input === undefined ? undefined : async () => input;
    const code = await runCli(argv, { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')), readLine }, env);
    return { code, out, err, last: out[out.length - 1] };
  }

  it('creates an organization, invites a user, mints, lists and revokes tokens', async () => {
    const created = await cli('orgs', 'create', '--title', 'Operator Org', '--owner', 'Owner@Example.com');
    expect(created.code).toBe(0);
    const organizationId = created.last;

    const minted = await cli('tokens', 'create', '--email', 'owner@example.com', '--label', 'laptop');
    expect(minted.code).toBe(0);
    const ownerToken = minted.last;
    expect(ownerToken).toMatch(/^dpt_[0-9A-Za-z]{43}$/);
    const org = await t.http.as(ownerToken).get(`/v1/orgs/${organizationId}`);
    expect(org.status).toBe(200);
    expect(org.body).toMatchObject({ title: 'Operator Org', permissions: { admin: true } });

    const invited = await cli('invite', '--org', organizationId, '--email', 'bob@example.com', '--role', 'edit');
    expect(invited.err).toEqual([]);
    expect(invited).toMatchObject({ code: 0, last: 'invited bob@example.com as edit' });
    // Without SMTP, the operator hands the invitation link over: it opens the page to join.
    const link = /^invitation link for bob@example.com \(valid 7 days; also mailed when SMTP_URL is set\): http:\/\/localhost:8080(\/auth\/invitation\?token=\w+)$/.exec(invited.out[0])!;
    expect(link).not.toBeNull();
    expect((await t.http.as(undefined).get(link[1])).text).toContain('<h1>Join Operator Org</h1>');
    const again = await cli('invite', '--org', organizationId, '--email', 'bob@example.com');
    expect(again.last).toBe('bob@example.com is already a member');
    const bobToken = (await cli('tokens', 'create', '--email', 'bob@example.com')).last;
    expect((await t.http.as(bobToken).get(`/v1/orgs/${organizationId}`)).body.permissions.createContent).toBe(false);

    const listed = await cli('tokens', 'list', '--email', 'owner@example.com');
    expect(listed.out).toHaveLength(1);
    const [tokenId, prefix, email, label] = listed.out[0].split('\t');
    expect([prefix, email, label]).toEqual([`${ownerToken.slice(0, 8)}…`, 'owner@example.com', 'laptop']);
    expect(listed.out[0]).not.toContain(ownerToken);

    expect((await cli('tokens', 'revoke', tokenId)).code).toBe(0);
    // The api (another process) hears of it through PostgreSQL's notification, within moments.
    await eventually(async () => expect((await t.http.as(ownerToken).get('/v1/user')).status).toBe(401));
    expect((await cli('tokens', 'list')).out.find((line) => line.startsWith(tokenId))).toContain('revoked');

    const orgs = await cli('orgs', 'list');
    expect(orgs.out).toContain(`${organizationId}\t2 members\tOperator Org`);
  });

  it("sets a person's password from standard input, ending their sessions; refuses a weak one and an unknown address", async () => {
    await cli('orgs', 'create', '--title', 'Passwords', '--owner', 'pat@example.com');
    const set = await cliWithInput('correct horse battery staple', 'users', 'set-password', '--email', 'Pat@Example.com');
    expect(set).toMatchObject({ code: 0, last: 'password set for Pat@Example.com; their sessions have ended' });
    const signedIn = await t.http.as(undefined).post('/auth/sign-in', { email: 'pat@example.com', password: 'correct horse battery staple' });
    expect(signedIn.status).toBe(200);
    const cookie = ([] as string[]).concat(signedIn.headers['set-cookie'] as unknown as string[])[0].split(';')[0];

    expect(await cliWithInput('password1234', 'users', 'set-password', '--email', 'pat@example.com')).toMatchObject({
      code: 1,
      err: ['error: password: This password is among the most common ones: choose another.'],
    });
    expect(await cliWithInput('a second good passphrase', 'users', 'set-password', '--email', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: ['error: no user has the email nobody@example.com'],
    });
    expect((await t.http.as(undefined).get('/v1/user', { headers: { Cookie: cookie } })).status).toBe(200);
    await cliWithInput('a second good passphrase', 'users', 'set-password', '--email', 'pat@example.com');
    // Another process ended the session: the api hears it through PostgreSQL's notification.
    await eventually(async () => expect((await t.http.as(undefined).get('/v1/user', { headers: { Cookie: cookie } })).status).toBe(401));
  });

  it('explains mistakes without a stack trace', async () => {
    const unknownUser = await cli('tokens', 'create', '--email', 'nobody@example.com');
    expect(unknownUser).toMatchObject({ code: 1, err: ['error: no user has the email nobody@example.com'] });
    const unknownOrg = await cli('invite', '--org', 'nope', '--email', 'a@example.com');
    expect(unknownOrg.code).toBe(1);
    expect(unknownOrg.err[0]).toBe('error: No organization has the id nope.');
    const badRole = await cli('invite', '--org', 'x', '--email', 'a@example.com', '--role', 'owner');
    expect(badRole.code).not.toBe(0);
    const badTitle = await cli('orgs', 'create', '--title', 'x', '--owner', 'short@example.com');
    expect(badTitle).toMatchObject({ code: 1, err: ['error: --title must have 2 to 255 characters'] });
    expect((await cli('tokens', 'create', '--email', 'short@example.com')).code).toBe(1);
    const unknownToken = await cli('tokens', 'revoke', 'nope');
    expect(unknownToken.err[0]).toBe('error: No token has the id nope.');
  });

  it('runs as `npm run cli`, printing the token on its own last line', () => {
    const root = join(__dirname, '../../..');
    execFileSync(process.execPath, ['-r', './tools/register.js', 'tools/cli/src/main.ts', 'orgs', 'create', '--title', 'Spawned', '--owner', 'spawn@example.com'], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    const output = execFileSync(process.execPath, ['-r', './tools/register.js', 'tools/cli/src/main.ts', 'tokens', 'create', '--email', 'spawn@example.com'], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    const lines = output.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toMatch(/^dpt_[0-9A-Za-z]{43}$/);
  });
});
