import type { Delivery, DeliveryAttempt } from '../api/admin-types';
import { attemptSummary, deliverySummary, deliveryWhat, hasPendingDelivery } from './delivery-summary';

const attempt = (fields: Partial<DeliveryAttempt>): DeliveryAttempt => ({
  number: 1,
  url: 'https://hooks.example/in',
  startedAt: '2026-01-15T10:00:00.000Z',
  durationMs: 12,
  outcome: 'succeeded',
  statusCode: 200,
  error: null,
  response: 'ok',
  ...fields,
});

const delivery = (fields: Partial<Delivery>): Delivery => ({
  object: 'webhook-delivery',
  id: 'd1',
  webhookId: 'w1',
  kind: 'event',
  event: { id: 'e1', type: 'space_created', sequence: 7 },
  status: 'succeeded',
  nextAttemptAt: null,
  attempts: [attempt({})],
  createdAt: '2026-01-15T10:00:00.000Z',
  completedAt: '2026-01-15T10:00:00.012Z',
  urls: { location: 'http://api.test/v1/orgs/o/webhooks/w1/deliveries/d1' },
  ...fields,
});

describe('attemptSummary', () => {
  it('says what each outcome came to', () => {
    expect(attemptSummary(attempt({}))).toBe('200 in 12 ms');
    expect(attemptSummary(attempt({ outcome: 'http_error', statusCode: 500, durationMs: 3 }))).toBe('HTTP 500 in 3 ms');
    expect(attemptSummary(attempt({ outcome: 'redirect', statusCode: 302 }))).toBe('Redirect 302 (not followed)');
    expect(attemptSummary(attempt({ outcome: 'timeout', statusCode: null, durationMs: 15000 }))).toBe('Timed out in 15000 ms');
    expect(attemptSummary(attempt({ outcome: 'network', statusCode: null }))).toBe('Could not connect');
    expect(attemptSummary(attempt({ outcome: 'refused', statusCode: null }))).toBe('Address not allowed');
    expect(attemptSummary(attempt({ outcome: 'interrupted', statusCode: null, durationMs: null }))).toBe('Interrupted (worker stopped)');
    expect(attemptSummary(attempt({ outcome: null, statusCode: null, durationMs: null }))).toBe('Running');
  });
});

describe('deliverySummary', () => {
  it('gives the status and the last attempt, and when a pending one is tried again', () => {
    expect(deliverySummary(delivery({}))).toBe('Succeeded: 200 in 12 ms');
    const retried = delivery({
      status: 'pending',
      nextAttemptAt: '2026-01-15T10:05:00.000Z',
      attempts: [attempt({ outcome: 'http_error', statusCode: 503, durationMs: 4 })],
    });
    expect(deliverySummary(retried, (iso) => iso.slice(11, 19))).toBe('Pending: HTTP 503 in 4 ms, next attempt 10:05:00');
    expect(deliverySummary(delivery({ status: 'pending', attempts: [], completedAt: null }))).toBe('Pending: not sent yet');
    expect(deliverySummary(delivery({ status: 'failed', attempts: [attempt({ outcome: 'network', statusCode: null })] }))).toBe('Failed: Could not connect');
  });

  it('names what was sent, and tells when the list is still moving', () => {
    expect(deliveryWhat(delivery({}))).toBe('space_created #7');
    expect(deliveryWhat(delivery({ kind: 'redelivery' }))).toBe('again: space_created #7');
    expect(deliveryWhat(delivery({ kind: 'ping', event: null }))).toBe('ping');
    expect(hasPendingDelivery([delivery({}), delivery({ status: 'pending' })])).toBe(true);
    expect(hasPendingDelivery([delivery({ status: 'failed' })])).toBe(false);
  });
});
