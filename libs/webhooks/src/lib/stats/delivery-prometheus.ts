import { Counter, Gauge, Registry } from 'prom-client';
import type { DeliveryMetrics } from './delivery-metrics';
import type { DeliveryStats } from './delivery-stats';

/**
 * The delivery figures as Prometheus metrics, registered in `registry` (the `/metrics` endpoint's):
 * this process's counters from `DeliveryMetrics` (a worker's), and gauges read from the database
 * at each scrape from `DeliveryStats` (every worker's backlog and lag). Either source may be left
 * out: the api has no `DeliveryMetrics`, and a process may leave the database gauges to another.
 */
export function registerDeliveryMetrics(registry: Registry, sources: { metrics?: DeliveryMetrics; stats?: DeliveryStats; now?: () => Date }): void {
  const { metrics, stats } = sources;
  const now = sources.now ?? (() => new Date());
  if (metrics) {
    new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Delivery attempts of webhooks and integration events made by this process, by outcome.',
      labelNames: ['outcome'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [outcome, count] of Object.entries(metrics.snapshot().attempts)) this.inc({ outcome }, count);
      },
    });
    new Counter({
      name: 'webhook_deliveries_total',
      help: 'Deliveries this process finished, by status (failed: their attempts ran out).',
      labelNames: ['status'],
      registers: [registry],
      collect() {
        this.reset();
        const snapshot = metrics.snapshot();
        this.inc({ status: 'succeeded' }, snapshot.succeeded);
        this.inc({ status: 'failed' }, snapshot.failed);
      },
    });
    new Counter({
      name: 'webhook_delivery_attempt_seconds_total',
      help: 'Time spent in delivery attempts by this process (divide by webhook_delivery_attempts_total for the mean).',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(metrics.snapshot().attemptSeconds.sum);
      },
    });
    new Counter({
      name: 'webhook_delivery_lag_seconds_total',
      help: "Sum of the time from each event's write to its successful delivery, by this process (with webhook_deliveries_total{status=\"succeeded\"}: the mean lag).",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(metrics.snapshot().lagSeconds.sum);
      },
    });
    new Gauge({
      name: 'webhook_delivery_attempts_in_flight',
      help: 'Delivery attempts running in this process now.',
      registers: [registry],
      collect() {
        this.set(metrics.snapshot().inFlight);
      },
    });
  }
  if (stats) {
    // One read of the database per scrape, shared by the three gauges.
    let reading: Promise<void> | undefined;
    const read = (): Promise<void> =>
      (reading ??= stats
        .summary({ now: now(), windowSeconds: 60 })
        .then((summary) => {
          pending.set(summary.subscriptions.reduce((sum, s) => sum + s.pending, 0));
          oldest.set(Math.max(0, ...summary.subscriptions.filter((s) => s.status === 'active').map((s) => s.lagSeconds)));
          subscriptions.reset();
          for (const status of ['active', 'paused', 'disabled']) subscriptions.set({ status }, summary.subscriptions.filter((s) => s.status === status).length);
        })
        .finally(() => (reading = undefined)));
    const pending = new Gauge({ name: 'webhook_deliveries_pending', help: 'Deliveries waiting for an attempt, retries included (every worker).', registers: [registry], collect: read });
    const oldest = new Gauge({
      name: 'webhook_oldest_undelivered_event_seconds',
      help: 'Age of the oldest event an active subscription has not received yet: the delivery lag.',
      registers: [registry],
      collect: read,
    });
    const subscriptions = new Gauge({ name: 'webhook_subscriptions', help: 'Subscriptions (webhooks and installations) by status.', labelNames: ['status'], registers: [registry], collect: read });
  }
}
