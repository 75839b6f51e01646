import { JobWorker, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { IdentityJobsModule } from '../identity-jobs.module';
import { IdentityModule } from '../identity.module';
import { asBrowser, createOrganization, sessionCookieOf, signInAs, TEST_PASSWORD } from '../../testing';

interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server (the smtp-server package), plain: the relay of a small installation. */
async function startSmtpServer(): Promise<{ port: number; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: parsed.from?.text ?? '',
            to: [parsed.to ?? []].flat().map((address) => address.text).join(', '),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const linkIn = (text: string) => /http:\/\/app\.test\/auth\/[a-z]+\?token=[0-9A-Za-z]+/.exec(text)![0];
const pathOf = (url: string) => url.replace('http://app.test', '');
const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://app.test' },
});

describe('mails: invitations and password resets through a real SMTP server', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Acme Docs <docs@acme.test>' };
    api = await createTestApp({ imports: [IdentityModule], database, env });
    worker = await createTestApp({ runtime: 'worker', imports: [IdentityJobsModule, JobWorkerModule], database, env });
    await worker.get(JobWorker).start();
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await database.drop();
    await smtp.close();
  });

  const mailTo = async (address: string): Promise<ReceivedMail> => {
    const find = () => smtp.mails.find((candidate) => candidate.to === address);
    await eventually(async () => expect(find()).toBeDefined(), 15_000);
    return find()!;
  };

  it('mails each new member an invitation; its link lets them choose a password and signs them in with the invited role', async () => {
    const { organization, members } = await createOrganization(api, {}, 'Acme Handbook');
    const res = await api.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, { emails: [{ email: 'Grace@Example.com', role: 'edit' }] });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('links');

    const mail = await mailTo('grace@example.com');
    expect(mail.from).toBe('"Acme Docs" <docs@acme.test>');
    expect(mail.subject).toBe('You are invited to Acme Handbook');
    expect(mail.text).toContain(`${members.admin.user.displayName} invited you to Acme Handbook.`);
    const link = linkIn(mail.text);
    expect(mail.html).toContain(`<a href="${link}">Join Acme Handbook</a>`);

    const page = await api.http.as(undefined).get(pathOf(link));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Join Acme Handbook</h1>');
    expect(page.text).toContain('value="grace@example.com" readonly');

    const token = new URL(link).searchParams.get('token')!;
    const weak = await api.http.as(undefined).post('/auth/invitation', undefined, form({ token, password: 'password1234' }));
    expect(weak.status).toBe(400);
    expect(weak.text).toContain('This password is among the most common ones');
    const accepted = await api.http.as(undefined).post('/auth/invitation', undefined, form({ token, password: TEST_PASSWORD, displayName: 'Grace Hopper' }));
    expect(accepted.status).toBe(303);
    expect(accepted.headers['location']).toBe(`/o/${organization.id}`);
    const cookie = sessionCookieOf(accepted)!;
    const me = await api.http.as(undefined).get('/v1/user', asBrowser(cookie));
    expect(me.body).toMatchObject({ email: 'grace@example.com', displayName: 'Grace Hopper' });
    const member = await api.http.as(undefined).get(`/v1/orgs/${organization.id}/members/${me.body.id}`, asBrowser(cookie));
    expect(member.body.role).toBe('edit');

    // Used once: the link is worth nothing afterwards.
    expect((await api.http.as(undefined).get(pathOf(link))).status).toBe(410);
    expect((await api.http.as(undefined).post('/auth/invitation', undefined, form({ token, password: 'another good passphrase' }))).status).toBe(410);
    // And the password works on the sign-in page.
    expect((await api.http.as(undefined).post('/auth/sign-in', { email: 'grace@example.com', password: TEST_PASSWORD })).status).toBe(200);
  });

  it('mails a reset link for a known address and nothing for an unknown one, answering both alike; the link sets a new password and ends the old sessions', async () => {
    const { members } = await createOrganization(api, { reader: 'read' });
    const { user } = members.reader;
    const before = await signInAs(api, user);

    const known = await api.http.as(undefined).post('/auth/forgot-password', { email: user.email }, { headers: { Origin: 'http://app.test' } });
    const unknown = await api.http.as(undefined).post('/auth/forgot-password', { email: 'nobody-here@example.com' }, { headers: { Origin: 'http://app.test' } });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual(unknown.body);
    const page = await api.http.as(undefined).post('/auth/forgot-password', undefined, form({ email: 'nobody-here@example.com' }));
    expect(page.text).toContain('If an account uses this address, a link to choose a new password is on its way.');

    const mail = await mailTo(user.email);
    expect(mail.subject).toBe('Choose a new password');
    const link = linkIn(mail.text);
    // Both jobs ran; only one mail left.
    await eventually(async () => {
      const [{ n }] = await api.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'identity.password-reset' AND state = 'completed'`);
      expect(n).toBe(3);
    });
    expect(smtp.mails.filter((candidate) => candidate.to === 'nobody-here@example.com')).toEqual([]);

    const token = new URL(link).searchParams.get('token')!;
    expect((await api.http.as(undefined).get(pathOf(link))).text).toContain('<h1>Choose a new password</h1>');
    const reset = await api.http.as(undefined).post('/auth/password', { token, password: 'a completely new phrase' }, { headers: { Origin: 'http://app.test' } });
    expect(reset.status).toBe(200);
    expect(reset.body.id).toBe(user.id);
    expect((await api.http.as(undefined).get('/v1/user', asBrowser(before))).status).toBe(401);
    expect((await api.http.as(undefined).get('/v1/user', asBrowser(sessionCookieOf(reset)!))).status).toBe(200);
    expect((await api.http.as(undefined).post('/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await api.http.as(undefined).post('/auth/password', { token, password: 'yet another new phrase' })).status).toBe(410);
  });

  it('without SMTP_URL, writes the link to the log instead', async () => {
    const lines: { msg: string; link?: string }[] = [];
    const offline = await createTestDatabase();
    const offlineApi = await createTestApp({ imports: [IdentityModule], database: offline });
    const offlineWorker = await createTestApp({
      runtime: 'worker',
      imports: [IdentityJobsModule, JobWorkerModule],
      database: offline,
      env: { LOG_LEVEL: 'info' },
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    try {
      await offlineWorker.get(JobWorker).start();
      const { organization, members } = await createOrganization(offlineApi);
      await offlineApi.http.as(members.admin.token).post(`/v1/orgs/${organization.id}/invites`, { emails: ['offline@example.com'] });
      const find = () => lines.find((candidate) => candidate.msg.startsWith('mail is not configured (SMTP_URL): the invitation link for offline@example.com is http://app.test/auth/invitation?token='));
      await eventually(async () => expect(find()).toBeDefined(), 15_000);
      const logged = find()!;
      expect((await offlineApi.http.as(undefined).get(pathOf(logged.link!))).status).toBe(200);
    } finally {
      await offlineWorker.close();
      await offlineApi.close();
      await offline.drop();
    }
  });
});
