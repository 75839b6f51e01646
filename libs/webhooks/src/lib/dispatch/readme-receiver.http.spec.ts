import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { EventOutbox, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import { webhookContract } from '../../testing';
import { WebhooksWorkerModule } from '../webhooks-worker.module';
import { WebhooksModule } from '../webhooks.module';
import { EventDispatcher } from './event-dispatcher';
import { signDelivery } from './webhook-signature';

const root = resolve(__dirname, '../../../../..');

/** The receiver of the README ("Webhooks"), as a reader would copy it: the JavaScript block that requires standardwebhooks. */
function readmeReceiver(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).find((code) => code.includes("require('standardwebhooks')"));
  if (!block) throw new Error('README.md has no receiver snippet');
  return block;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise((done) => server.close(done));
  return port;
}

describe("the README's receiver, run as written, against real deliveries", () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'readme-receiver-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1' };
    api = await createTestApp({ imports: [IdentityModule, WebhooksModule], database, env });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, WebhooksWorkerModule], database, env });
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies the signatures, drops a redelivered duplicate, and refuses a forged or replayed request', async () => {
    worker.clock.set(new Date()); // the package checks timestamps against the real time
    const { organization, members } = await createOrganization(api);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hooks`;
    const admin = api.http.as(members.admin.token, { contract: webhookContract });
    const created = await admin.post(`/v1/orgs/${organization.id}/webhooks`, { url });
    const file = join(dir, 'receiver.js');
    writeFileSync(file, readmeReceiver());
    let output = '';
    const receiver = spawn(process.execPath, [file], {
      env: { ...process.env, WEBHOOK_SECRET: created.body.secret, PORT: String(port), NODE_PATH: join(root, 'node_modules') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    receiver.stdout!.on('data', (chunk) => (output += chunk));
    receiver.stderr!.on('data', (chunk) => (output += chunk));
    try {
      await eventually(async () => expect((await fetch(url, { method: 'POST', body: '{}' }).catch(() => ({ status: 0 }))).status).toBe(400), 15_000);
      const emitted = await api.dataSource.transaction((tx) =>
        api.get(EventOutbox).emit(tx, [1, 2].map((n) => ({ type: 'team_created' as const, organizationId: organization.id, payload: { teamId: `team-${n}` } }))),
      );
      const lines = () => output.trim().split('\n').filter(Boolean);
      await eventually(async () => expect(lines()).toEqual(emitted.map((e) => `${e.sequence} team_created ${e.id}`)), 15_000);

      // The same event again (a redelivery): accepted (204), not handled twice.
      const deliveries = (await admin.get(`/v1/orgs/${organization.id}/webhooks/${created.body.id}/deliveries`)).body.items;
      const again = await admin.post(`/v1/orgs/${organization.id}/webhooks/${created.body.id}/deliveries/${deliveries[0].id}/redeliver`);
      worker.get(EventDispatcher).wake();
      await eventually(async () =>
        expect((await admin.get(`/v1/orgs/${organization.id}/webhooks/${created.body.id}/deliveries/${again.body.id}`)).body.attempts[0]).toMatchObject({ statusCode: 204 }),
      );
      expect(lines()).toHaveLength(2);

      // Forged (another secret) or replayed (a signature of 10 minutes ago): 400, nothing handled.
      const body = JSON.stringify({ eventId: 'forged', type: 'team_created', sequence: 99 });
      const forged = signDelivery(['whsec_' + Buffer.alloc(32, 1).toString('base64')], 'forged', new Date(), body);
      expect((await fetch(url, { method: 'POST', body, headers: { ...forged } })).status).toBe(400);
      const old = signDelivery([created.body.secret], 'replayed', new Date(Date.now() - 10 * 60_000), body);
      expect((await fetch(url, { method: 'POST', body, headers: { ...old } })).status).toBe(400);
      expect(lines()).toHaveLength(2);
    } finally {
      receiver.kill('SIGKILL');
    }
  });
});
