import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContentModule } from '@docs/content';
import { createSpace } from '@docs/content/testing';
import { IdentityModule } from '@docs/identity';
import { createOrganization } from '@docs/identity/testing';
import { DomainEvent, EventOutbox, JobWorkerModule } from '@docs/platform';
import { createTestApp, createTestDatabase, eventPayloadProblems, eventually, TestApp, TestDatabase } from '@docs/platform/testing';
import { Webhook } from 'standardwebhooks';
import { TestReceiver, webhookContract } from '../../testing';
import { WebhooksWorkerModule } from '../webhooks-worker.module';
import { WebhooksModule } from '../webhooks.module';
import { DeliveryQueue } from './delivery-queue';
import { EventDispatcher } from './event-dispatcher';
import { RETRY_DELAYS_MS } from './retry-schedule';

describe('delivering events to webhooks (api and worker on one database, receivers on 127.0.0.1)', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp;
  let receivers: TestReceiver[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // The worker shares this process with the test: compiling the reference schema (below, once)
    // blocks it for a moment, so the attempts' timeout leaves room for that.
    eventPayloadProblems({ type: 'space_content_updated' });
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '1500' };
    api = await createTestApp({ imports: [IdentityModule, ContentModule, WebhooksModule], database, env });
    // JobWorkerModule as in apps/worker: it stops pg-boss's maintenance on close.
    worker = await createTestApp({ runtime: 'worker', imports: [JobWorkerModule, WebhooksWorkerModule], database, env });
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await database.drop();
  });
  afterEach(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
  });

  const receiver = async () => {
    const r = await TestReceiver.start();
    receivers.push(r);
    return r;
  };
  const as = (token: string) => api.http.as(token, { contract: webhookContract });
  const emit = (events: DomainEvent[]) => api.dataSource.transaction((tx) => api.get(EventOutbox).emit(tx, events));
  const spaceEvent = (organizationId: string, n: number, spaceId = 'space-1'): DomainEvent => ({
    type: 'space_content_updated',
    organizationId,
    actor: 'user-1',
    payload: { spaceId, revisionId: `rev-${n}`, previousRevisionId: `rev-${n - 1}`, pages: { created: [], updated: [`page-${n}`], moved: [], deleted: [] } },
  });
  /** Moves the worker's clock and lets the dispatcher look again at once. */
  const advance = (ms: number) => {
    worker.clock.advance(ms);
    worker.get(EventDispatcher).wake();
  };

  async function setup(body: Record<string, unknown> = {}) {
    const org = await createOrganization(api);
    const r = await receiver();
    const created = await as(org.members.admin.token).post(`/v1/orgs/${org.organization.id}/webhooks`, { url: r.url, ...body });
    expect(created.status).toBe(201);
    const base = `/v1/orgs/${org.organization.id}/webhooks/${created.body.id}`;
    const deliveries = async (query: Record<string, string> = {}) => (await as(org.members.admin.token).get(`${base}/deliveries`, { query })).body.items as any[];
    return { ...org, receiver: r, webhook: created.body, secret: created.body.secret as string, base, deliveries, admin: as(org.members.admin.token) };
  }

  it('delivers each event once, in order, signed so that the standardwebhooks package verifies it', async () => {
    worker.clock.set(new Date()); // the package checks the timestamp against the real time (5 minute window)
    const { organization, receiver: r, secret, webhook, deliveries } = await setup();
    const emitted = await emit([1, 2, 3, 4, 5].map((n) => spaceEvent(organization.id, n)));
    const requests = await r.received(5);
    const wh = new Webhook(secret);
    const payloads = requests.map((req) => wh.verify(req.body, req.headers) as Record<string, unknown>);
    expect(payloads.map((p) => p['eventId'])).toEqual(emitted.map((e) => e.id));
    expect(payloads.map((p) => p['sequence'])).toEqual(emitted.map((e) => e.sequence));
    expect(requests.map((req) => req.headers['webhook-id'])).toEqual(emitted.map((e) => e.id));
    for (const req of requests) {
      expect(req.headers['content-type']).toBe('application/json');
      expect(Number(req.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    }
    expect(payloads[0]).toEqual({
      eventId: emitted[0].id,
      type: 'space_content_updated',
      organizationId: organization.id,
      sequence: emitted[0].sequence,
      createdAt: api.clock.now().toISOString(),
      auth: { userId: 'user-1' },
      spaceId: 'space-1',
      revisionId: 'rev-1',
      previousRevisionId: 'rev-0',
      pages: { created: [], updated: ['page-1'], moved: [], deleted: [] },
      installationId: webhook.id,
      webhookId: webhook.id,
    });
    for (const payload of payloads) expect(eventPayloadProblems(payload)).toEqual([]);
    // A tampered body does not verify.
    expect(() => wh.verify(requests[0].body.replace('rev-1', 'rev-9'), requests[0].headers)).toThrow();

    await eventually(async () => expect((await deliveries({ status: 'succeeded' })).length).toBe(5));
    const latest = (await deliveries()).find((d) => d.event.id === emitted[4].id);
    expect(latest).toMatchObject({ kind: 'event', status: 'succeeded', event: { id: emitted[4].id, type: 'space_content_updated', sequence: emitted[4].sequence }, nextAttemptAt: null });
    expect(latest.attempts).toEqual([
      expect.objectContaining({ number: 1, url: r.url, outcome: 'succeeded', statusCode: 200, error: null, response: 'ok', durationMs: expect.any(Number) }),
    ]);
  });

  it('delivers every event to ten webhooks, each in order, writing successes that end together in one statement', async () => {
    const { organization, admin } = await setup({ status: 'paused' });
    const receivers = await Promise.all(Array.from({ length: 10 }, () => receiver()));
    for (const r of receivers) expect((await admin.post(`/v1/orgs/${organization.id}/webhooks`, { url: r.url })).status).toBe(201);
    const statements = jest.spyOn(worker.get(DeliveryQueue), 'succeedAndTakeNext');
    try {
      const emitted = await emit(Array.from({ length: 20 }, (_, n) => spaceEvent(organization.id, n + 1)));
      for (const r of receivers) {
        const requests = await r.received(20);
        expect(requests.map((req) => req.headers['webhook-id'])).toEqual(emitted.map((e) => e.id));
      }
      // Each success recorded once (the last ones may still be on their way after the last arrival).
      const batchSizes = () => statements.mock.calls.map(([successes]) => successes.length);
      await eventually(async () => expect(batchSizes().reduce((sum, size) => sum + size, 0)).toBe(200));
      expect(Math.max(...batchSizes())).toBeGreaterThan(1);
      expect(statements.mock.calls.length).toBeLessThan(200);
    } finally {
      statements.mockRestore();
    }
  });

  it('retries a receiver that answers 500, times out or cuts the connection, with backoff, then delivers everything in order', async () => {
    const { organization, receiver: r, deliveries } = await setup();
    r.next({ status: 500, body: 'database down' }, { hang: true }, { destroy: true });
    const emitted = await emit([spaceEvent(organization.id, 1)]);
    await r.received(1);
    // Written while the first one is failing: it waits behind it.
    emitted.push(...(await emit([spaceEvent(organization.id, 2), spaceEvent(organization.id, 3)])));

    const head = async () => (await deliveries()).find((d) => d.event.id === emitted[0].id);
    await eventually(async () => expect((await head()).attempts[0].outcome).toBe('http_error'));
    const first = await head();
    expect(first).toMatchObject({ status: 'pending', nextAttemptAt: new Date(worker.clock.now().getTime() + RETRY_DELAYS_MS[0]).toISOString() });
    expect(first.attempts[0]).toMatchObject({ statusCode: 500, response: 'database down', error: 'Answered HTTP status 500.' });
    expect(await deliveries()).toHaveLength(1); // the next events are not handed out meanwhile

    advance(RETRY_DELAYS_MS[0]);
    await eventually(async () => expect((await head()).attempts[1]?.outcome).toBe('timeout'), 10_000);
    expect((await head()).nextAttemptAt).toBe(new Date(worker.clock.now().getTime() + RETRY_DELAYS_MS[1]).toISOString());
    advance(RETRY_DELAYS_MS[1]);
    await eventually(async () => expect((await head()).attempts[2]?.outcome).toBe('network'), 10_000);
    advance(RETRY_DELAYS_MS[2]);

    const requests = await r.received(6);
    expect(requests.map((req) => req.headers['webhook-id'])).toEqual([emitted[0].id, emitted[0].id, emitted[0].id, emitted[0].id, emitted[1].id, emitted[2].id]);
    await eventually(async () => expect((await deliveries({ status: 'succeeded' })).length).toBe(3));
    expect((await head()).attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['http_error', 'timeout', 'network', 'succeeded']);
  });

  it('never follows a redirect, to a forbidden address or any other: the attempt fails and is retried', async () => {
    let forbiddenHits = 0;
    const forbidden: Server = createServer((_req, res) => (forbiddenHits++, res.end('stolen')));
    await new Promise<void>((resolve) => forbidden.listen(0, '127.0.0.2', resolve));
    try {
      const target = `http://127.0.0.2:${(forbidden.address() as AddressInfo).port}/latest/meta-data`;
      const { organization, receiver: r, deliveries } = await setup();
      r.next({ status: 307, headers: { location: target } }, { status: 302, headers: { location: '/elsewhere' } });
      const [event] = await emit([spaceEvent(organization.id, 1)]);
      await r.received(1);
      const head = async () => (await deliveries()).find((d) => d.event.id === event.id);
      await eventually(async () => expect((await head()).attempts[0]?.outcome).toBe('redirect'));
      expect((await head()).attempts[0]).toMatchObject({ statusCode: 307, error: `Answered a redirect to ${target}: redirects are not followed.` });
      advance(RETRY_DELAYS_MS[0]);
      await eventually(async () => expect((await head()).attempts[1]?.outcome).toBe('redirect'), 10_000);
      advance(RETRY_DELAYS_MS[1]);
      await eventually(async () => expect((await head()).status).toBe('succeeded'), 10_000);
      expect(r.requests).toHaveLength(3);
      expect(forbiddenHits).toBe(0);
    } finally {
      forbidden.close();
    }
  });

  it('disables a webhook whose receiver keeps failing for the whole schedule, keeps its events, and delivers them in order once turned back on', async () => {
    const { organization, receiver: r, deliveries, admin, base } = await setup();
    r.always({ status: 503 });
    const emitted = await emit([spaceEvent(organization.id, 1), spaceEvent(organization.id, 2)]);
    const head = async () => (await deliveries()).find((d) => d.event.id === emitted[0].id);
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      await eventually(async () => expect((await head()).attempts).toHaveLength(attempt), 10_000);
      await eventually(async () => expect((await head()).attempts[attempt - 1].outcome).toBe('http_error'), 10_000);
      advance(RETRY_DELAYS_MS[attempt - 1]);
    }
    await eventually(async () => expect((await admin.get(base)).body.status).toBe('disabled'), 10_000);
    const disabled = (await admin.get(base)).body;
    expect(disabled.disabled.reason).toMatch(new RegExp(`^Event ${emitted[0].id} \\(space_content_updated\\) failed 8 attempts over 27 h 35 min; the last: Answered HTTP status 503\\.`));
    expect(await head()).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect((await head()).attempts).toHaveLength(8);
    expect(r.requests).toHaveLength(8);

    // Still down? Nothing more is sent while it is disabled, and new events wait too.
    emitted.push(...(await emit([spaceEvent(organization.id, 3)])));
    advance(24 * 3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.requests).toHaveLength(8);

    r.always({ status: 204 });
    const resumed = await admin.patch(base, { status: 'active' });
    expect(resumed.body).toMatchObject({ status: 'active', disabled: null });
    const requests = await r.received(11);
    expect(requests.slice(8).map((req) => req.headers['webhook-id'])).toEqual(emitted.map((e) => e.id));
    await eventually(async () => expect((await head()).status).toBe('succeeded'));
    expect((await head()).attempts.map((a: { number: number }) => a.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('holds events while a webhook is paused and delivers them when it resumes', async () => {
    const { organization, receiver: r, admin, base } = await setup({ status: 'paused' });
    const emitted = await emit([spaceEvent(organization.id, 1), spaceEvent(organization.id, 2)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.requests).toHaveLength(0);
    await admin.patch(base, { status: 'active' });
    expect((await r.received(2)).map((req) => req.headers['webhook-id'])).toEqual(emitted.map((e) => e.id));
  });

  it('gives a webhook only the events of its organization, of its types, and of the spaces and sites it names', async () => {
    const a = await setup();
    const b = await setup({ events: ['space_deleted', 'site_published'], spaces: [] });
    const filtered = await as(b.members.admin.token).post(`/v1/orgs/${b.organization.id}/webhooks`, { url: b.receiver.url + '/filtered', events: ['*'] });
    expect(filtered.status).toBe(201);

    await emit([spaceEvent(a.organization.id, 1), { type: 'space_deleted', organizationId: a.organization.id, payload: { spaceId: 'space-1' } }]);
    await emit([
      spaceEvent(b.organization.id, 1, 'space-b'),
      { type: 'space_deleted', organizationId: b.organization.id, payload: { spaceId: 'space-b' } },
      { type: 'member_added', organizationId: b.organization.id, payload: { userId: 'u', role: 'read' } },
      { type: 'site_published', organizationId: b.organization.id, payload: { siteId: 'site-b' } },
    ]);
    await a.receiver.received(2);
    // b's first webhook: its two types only; the second: all four.
    const received = await b.receiver.received(6);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.receiver.requests.map((req) => req.json.organizationId)).toEqual([a.organization.id, a.organization.id]);
    expect(b.receiver.requests).toHaveLength(6);
    expect(received.every((req) => req.json.organizationId === b.organization.id)).toBe(true);
    const byUrl = (suffix: string) => received.filter((req) => req.json.webhookId === (suffix ? filtered.body.id : b.webhook.id)).map((req) => req.json.type);
    expect(byUrl('')).toEqual(['space_deleted', 'site_published']);
    expect(byUrl('filtered')).toEqual(['space_content_updated', 'space_deleted', 'member_added', 'site_published']);
  });

  it('limits a filtered webhook to the events about its spaces and sites (no organization-wide events)', async () => {
    const org = await createOrganization(api);
    const r = await receiver();
    const keep = (await createSpace(api, org.members.admin.token, org.organization.id, { title: 'Keep' })).id as string;
    const created = await as(org.members.admin.token).post(`/v1/orgs/${org.organization.id}/webhooks`, { url: r.url, spaces: [keep] });
    expect(created.status).toBe(201);
    await emit([
      spaceEvent(org.organization.id, 1, 'space-other'),
      { type: 'member_added', organizationId: org.organization.id, payload: { userId: 'u', role: 'read' } },
      { type: 'site_published', organizationId: org.organization.id, payload: { siteId: 'site-x' } },
      spaceEvent(org.organization.id, 2, keep),
    ]);
    const [only] = await r.received(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.requests).toHaveLength(1);
    expect(only.json).toMatchObject({ type: 'space_content_updated', spaceId: keep, revisionId: 'rev-2' });
  });

  it('pings and redelivers on request, signed, with the same webhook-id as the first delivery', async () => {
    worker.clock.set(new Date());
    const { organization, receiver: r, secret, webhook, admin, base, deliveries } = await setup();
    const ping = await admin.post(`${base}/ping`);
    expect(ping.status).toBe(202);
    expect(ping.body).toMatchObject({ kind: 'ping', status: 'pending', event: null, attempts: [] });
    expect(ping.headers.location).toBe(ping.body.urls.location);
    const [pinged] = await r.received(1);
    expect(new Webhook(secret).verify(pinged.body, pinged.headers)).toEqual({
      eventId: ping.body.id,
      type: 'ping',
      organizationId: organization.id,
      createdAt: ping.body.createdAt,
      webhookId: webhook.id,
    });
    await eventually(async () => expect((await admin.get(ping.body.urls.location.replace('http://api.test', ''))).body.status).toBe('succeeded'));

    const [event] = await emit([spaceEvent(organization.id, 1)]);
    await r.received(2);
    await eventually(async () => expect((await deliveries({ status: 'succeeded' })).length).toBe(2));
    const original = (await deliveries()).find((d) => d.kind === 'event');
    const again = await admin.post(`${base}/deliveries/${original.id}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ kind: 'redelivery', status: 'pending', event: { id: event.id, type: 'space_content_updated' } });
    const requests = await r.received(3);
    expect(requests[2].headers['webhook-id']).toBe(event.id);
    expect(requests[2].body).toBe(requests[1].body);
    expect(new Webhook(secret).verify(requests[2].body, requests[2].headers)).toMatchObject({ eventId: event.id });

    // A ping to a receiver that fails is one attempt, then failed; the webhook stays active.
    r.next({ status: 500 });
    const failing = await admin.post(`${base}/ping`);
    await eventually(async () => expect((await admin.get(`${base}/deliveries/${failing.body.id}`)).body).toMatchObject({ status: 'failed', attempts: [{ outcome: 'http_error' }] }));
    expect((await admin.get(base)).body.status).toBe('active');
    expect((await admin.post(`${base}/deliveries/unknown/redeliver`)).status).toBe(404);
  });

  it('signs with the previous secret too for a day after a rotation', async () => {
    worker.clock.set(new Date());
    api.clock.set(worker.clock.now());
    const { organization, receiver: r, secret, admin, base } = await setup();
    const rotated = (await admin.post(`${base}/secret/rotate`)).body.secret as string;
    await emit([spaceEvent(organization.id, 1)]);
    const [req] = await r.received(1);
    expect(req.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(req.body, req.headers)).toBeTruthy();
    expect(new Webhook(rotated).verify(req.body, req.headers)).toBeTruthy();
    worker.clock.advance(24 * 3_600_000 + 1);
    await emit([spaceEvent(organization.id, 2)]);
    worker.get(EventDispatcher).wake();
    const [, later] = await r.received(2);
    expect(later.headers['webhook-signature'].split(' ')).toHaveLength(1);
  });
});
