import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { EventOutbox } from '@docs/platform';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import { WebhooksModule } from '@docs/webhooks';
import { TestReceiver, webhookContract } from '@docs/webhooks/testing';

const root = resolve(__dirname, '../../..');

/** `npm run start:worker` as production runs it, on the test's database, until it reports it has started. */
async function startWorker(databaseUrl: string): Promise<{ process: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['-r', './tools/register.js', 'apps/worker/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      RUN_MIGRATIONS: 'false',
      LOG_LEVEL: 'info',
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      WEBHOOK_TIMEOUT_MS: '2000',
      // The test app's key: the worker opens the secrets the api sealed.
      ENCRYPTION_KEY: 'test-encryption-key-of-at-least-32-characters',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await eventually(async () => expect(output).toContain('worker started'), 60_000);
  return { process: child, output: () => output };
}

describe('a worker killed (kill -9) in the middle of a delivery', () => {
  let database: TestDatabase;
  let api: TestApp;
  let receiver: TestReceiver;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await createTestApp({ imports: [IdentityModule, WebhooksModule], database, env: { FETCH_ALLOW_HOSTS: '127.0.0.1' } });
    receiver = await TestReceiver.start();
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await receiver.close();
    await api.close();
    await database.drop();
  });

  it('is delivered again by the next worker, with the same webhook-id, then everything after it in order', async () => {
    const { organization, members } = await createOrganization(api);
    const admin = api.http.as(members.admin.token, { contract: webhookContract });
    const webhook = (await admin.post(`/v1/orgs/${organization.id}/webhooks`, { url: receiver.url })).body;
    const emitted = await api.dataSource.transaction((tx) =>
      api.get(EventOutbox).emit(tx, [1, 2, 3].map((n) => ({ type: 'team_created' as const, organizationId: organization.id, payload: { teamId: `team-${n}` } }))),
    );

    // The first worker gets the first event to the receiver, which holds the request open...
    receiver.next({ hang: true });
    const first = await startWorker(database.url);
    workers.push(first.process);
    await receiver.received(1);
    // ...and dies there, without a chance to record anything.
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));

    const second = await startWorker(database.url);
    workers.push(second.process);
    // Its lease (WEBHOOK_TIMEOUT_MS + 5 s) runs out, then the delivery is taken up again.
    const requests = await receiver.received(4, 30_000);
    expect(requests.map((req) => req.headers['webhook-id'])).toEqual([emitted[0].id, emitted[0].id, emitted[1].id, emitted[2].id]);
    expect(requests[1].body).toBe(requests[0].body);
    expect(requests.map((req) => req.json.sequence)).toEqual([1, 1, 2, 3]);

    const deliveries = `/v1/orgs/${organization.id}/webhooks/${webhook.id}/deliveries`;
    await eventually(async () => expect((await admin.get(deliveries, { query: { status: 'succeeded' } })).body.count).toBe(3));
    const head = (await admin.get(deliveries)).body.items.find((d: { event: { id: string } }) => d.event.id === emitted[0].id);
    expect(head.attempts.map((a: { number: number; outcome: string }) => [a.number, a.outcome])).toEqual([
      [1, 'interrupted'],
      [2, 'succeeded'],
    ]);
    second.process.kill('SIGTERM');
    expect(await new Promise((resolve) => second.process.once('exit', resolve))).toBe(0);
  });
});
