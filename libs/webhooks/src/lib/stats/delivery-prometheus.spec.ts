import { Registry } from 'prom-client';
import { DeliveryMetrics } from './delivery-metrics';
import { registerDeliveryMetrics } from './delivery-prometheus';
import type { DeliveryStats, DeliverySummary } from './delivery-stats';

describe('delivery figures as Prometheus metrics', () => {
  it("exposes this process's counters and the database's backlog and lag", async () => {
    const metrics = new DeliveryMetrics();
    metrics.attemptStarted();
    metrics.attemptEnded('http_error', 250);
    metrics.attemptStarted();
    metrics.attemptEnded('succeeded', 50);
    metrics.delivered(1500);
    metrics.gaveUp(true);
    metrics.attemptStarted();
    const summary: DeliverySummary = {
      windowSeconds: 60,
      deliveredPerSecond: 0,
      attempts: {},
      meanLagSeconds: null,
      subscriptions: [
        { id: 'a', organizationId: 'o', kind: 'webhook', integrationName: null, url: 'x', status: 'active', pending: 3, eventsBehind: 5, lagSeconds: 42.5, delivered: 0, failedAttempts: 0 },
        { id: 'b', organizationId: 'o', kind: 'webhook', integrationName: null, url: 'x', status: 'disabled', pending: 1, eventsBehind: 9, lagSeconds: 9000, delivered: 0, failedAttempts: 8 },
      ],
    };
    let reads = 0;
    const stats = { summary: async () => (reads++, summary) } as unknown as DeliveryStats;
    const registry = new Registry();
    registerDeliveryMetrics(registry, { metrics, stats });
    const text = await registry.metrics();
    expect(text).toContain('webhook_delivery_attempts_total{outcome="http_error"} 1');
    expect(text).toContain('webhook_delivery_attempts_total{outcome="succeeded"} 1');
    expect(text).toContain('webhook_deliveries_total{status="succeeded"} 1');
    expect(text).toContain('webhook_deliveries_total{status="failed"} 1');
    expect(text).toContain('webhook_delivery_attempt_seconds_total 0.3');
    expect(text).toContain('webhook_delivery_lag_seconds_total 1.5');
    expect(text).toContain('webhook_delivery_attempts_in_flight 1');
    expect(text).toContain('webhook_deliveries_pending 4');
    // The disabled subscription's wait is not lag of the deliveries: only active ones count.
    expect(text).toContain('webhook_oldest_undelivered_event_seconds 42.5');
    expect(text).toContain('webhook_subscriptions{status="disabled"} 1');
    expect(reads).toBe(1);
  });
});
