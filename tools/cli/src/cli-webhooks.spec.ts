import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { EventOutbox, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import { WebhooksModule, WebhooksWorkerModule } from '@docs/webhooks';
import { TestReceiver, webhookContract } from '@docs/webhooks/testing';
import { runCli } from './cli';

describe('operator CLI: webhooks', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  let receiver: TestReceiver;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1' };
    api = await createTestApp({ imports: [IdentityModule, WebhooksModule], database, env });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, WebhooksWorkerModule], database, env });
    receiver = await TestReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await worker.close();
    await api.close();
    await database.drop();
  });

  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')) }, { DATABASE_URL: database.url });
    return { code, out, err };
  }

  it('shows throughput, lag, backlogs and the latest deliveries', async () => {
    // The worker's clock is the real one here, so that "the last 300 s" holds its attempts.
    worker.clock.set(new Date());
    const { organization, members } = await createOrganization(api);
    const webhook = (await api.http.as(members.admin.token, { contract: webhookContract }).post(`/v1/orgs/${organization.id}/webhooks`, { url: receiver.url })).body;
    receiver.next({ status: 503 });
    await api.dataSource.transaction((tx) =>
      api.get(EventOutbox).emit(tx, [1, 2, 3].map((n) => ({ type: 'team_created' as const, organizationId: organization.id, payload: { teamId: `team-${n}` } }))),
    );
    await receiver.received(1);
    await eventually(async () => expect((await cli('webhooks', 'deliveries', '--org', organization.id)).out.join('\n')).toContain('http_error 503'));

    const listed = await cli('webhooks', 'list', '--org', organization.id);
    expect(listed.code).toBe(0);
    expect(listed.out[0]).toMatch(/^last 300 s: 0\.00 deliveries\/s; attempts: http_error 1; mean write-to-delivery lag: -$/);
    expect(listed.out[1]).toMatch(/^now: 1 pending deliveries; oldest undelivered event: \d+\.\d s$/);
    const row = listed.out.find((line) => line.startsWith(webhook.id))!.split('\t');
    expect(row.slice(0, 6)).toEqual([webhook.id, organization.id, 'webhook', 'active', '1', '2']);
    expect(row.at(-1)).toBe(receiver.url);

    const deliveries = await cli('webhooks', 'deliveries', '--webhook', webhook.id, '--status', 'pending', '--limit', '5');
    expect(deliveries.code).toBe(0);
    const [line] = deliveries.out.filter((l) => l.includes('team_created'));
    expect(line.split('\t').slice(2, 8)).toEqual(['event', 'team_created', '1', 'pending', '1', 'http_error 503']);

    expect((await cli('webhooks', 'deliveries', '--limit', '0')).code).toBe(1);
    expect((await cli('webhooks', 'deliveries', '--status', 'lost')).code).not.toBe(0);
  });
});
