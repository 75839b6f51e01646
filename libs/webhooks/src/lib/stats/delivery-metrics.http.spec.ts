import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { DomainEvent, EventOutbox, JobWorkerModule, listenForMetrics, Metrics } from '@docs/platform';
import { createTestApp, createTestDatabase, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import request from 'supertest';
import { TestReceiver, webhookContract } from '../../testing';
import { WebhooksWorkerModule } from '../webhooks-worker.module';
import { WebhooksModule } from '../webhooks.module';

const TOKEN = 'metrics-token-0123456789abcdef';

/**
 * Delivery throughput and lag in `/metrics`: the worker's own counters and the backlog gauges on
 * the worker's listener (WORKER_METRICS_PORT), the backlog gauges on the api's `/metrics` too.
 */
describe('delivery metrics in /metrics', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  let receiver: TestReceiver;
  let workerMetrics: Awaited<ReturnType<typeof listenForMetrics>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '3000' };
    api = await createTestApp({ imports: [IdentityModule, ContentModule, WebhooksModule], database, env: { ...env, METRICS_TOKEN: TOKEN } });
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, WebhooksWorkerModule], database, env: { ...env, WORKER_METRICS_PORT: '0' } });
    workerMetrics = await listenForMetrics(worker.get(Metrics), { port: 0, host: '127.0.0.1', token: TOKEN, variable: 'WORKER_METRICS_PORT' });
    receiver = await TestReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await workerMetrics.close();
    await worker.close();
    await api.close();
    await database.drop();
  });

  const scrapeWorker = async () => (await request(`http://127.0.0.1:${workerMetrics.address.port}`).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
  const scrapeApi = async () => {
    const res = await request(api.app.getHttpServer()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    return res.text;
  };
  const value = (text: string, series: string): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts deliveries, attempts, their time and lag in the worker; shows the backlog and subscriptions on both', async () => {
    const { organization, members } = await createOrganization(api);
    const created = await api.http.as(members.admin.token, { contract: webhookContract }).post(`/v1/orgs/${organization.id}/webhooks`, { url: receiver.url });
    expect(created.status).toBe(201);
    const events: DomainEvent[] = [1, 2, 3].map((n) => ({ type: 'team_created', organizationId: organization.id, payload: { teamId: `team-${n}` } }));
    await api.dataSource.transaction((tx) => api.get(EventOutbox).emit(tx, events));
    await eventually(async () => expect(receiver.requests).toHaveLength(3), 15_000);

    await eventually(async () => expect(value(await scrapeWorker(), 'webhook_deliveries_total{status="succeeded"}')).toBe(3), 5_000);
    const text = await scrapeWorker();
    expect(value(text, 'webhook_delivery_attempts_total{outcome="succeeded"}')).toBe(3);
    expect(value(text, 'webhook_deliveries_total{status="failed"}')).toBe(0);
    expect(value(text, 'webhook_delivery_attempt_seconds_total')).toBeGreaterThan(0);
    expect(value(text, 'webhook_delivery_lag_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'webhook_delivery_attempts_in_flight')).toBe(0);
    expect(value(text, 'webhook_deliveries_pending')).toBe(0);
    expect(value(text, 'webhook_oldest_undelivered_event_seconds')).toBe(0);
    expect(value(text, 'webhook_subscriptions{status="active"}')).toBe(1);

    // The api delivers nothing: the database's figures only.
    const apiText = await scrapeApi();
    expect(value(apiText, 'webhook_subscriptions{status="active"}')).toBe(1);
    expect(value(apiText, 'webhook_deliveries_pending')).toBe(0);
    expect(apiText).not.toContain('webhook_deliveries_total');

    // The subscriptions gauge follows a webhook paused through the API.
    expect((await api.http.as(members.admin.token, { contract: webhookContract }).patch(`/v1/orgs/${organization.id}/webhooks/${created.body.id}`, { status: 'paused' })).status).toBe(200);
    await api.dataSource.transaction((tx) => api.get(EventOutbox).emit(tx, [{ type: 'team_created', organizationId: organization.id, payload: { teamId: 'team-4' } }]));
    await eventually(async () => expect(value(await scrapeApi(), 'webhook_subscriptions{status="paused"}')).toBe(1), 5_000);
  });
});
