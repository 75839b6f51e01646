import { Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { Metrics } from '@docs/platform';
import { DeliveryMetrics } from './delivery-metrics';
import { registerDeliveryMetrics } from './delivery-prometheus';
import { DeliveryStats } from './delivery-stats';

/**
 * Puts the delivery figures in the process's `/metrics` registry: the worker's own counters
 * (attempts, deliveries, time, lag, in flight; `DeliveryMetrics`, present in the worker only) and
 * the backlog and lag gauges every process reads from the database at a scrape (`DeliveryStats`:
 * the same figures from the api or a worker, so that scraping either shows them).
 */
@Injectable()
export class DeliveryMetricsRegistration implements OnModuleInit {
  constructor(
    private readonly registry: Metrics,
    private readonly stats: DeliveryStats,
    @Optional() private readonly counters?: DeliveryMetrics,
  ) {}

  onModuleInit(): void {
    // Once per registry, whichever of the api's and the worker's modules an application composes.
    const registry = this.registry.registry;
    const counters = this.counters && !registry.getSingleMetric('webhook_deliveries_total') ? this.counters : undefined;
    const stats = registry.getSingleMetric('webhook_deliveries_pending') ? undefined : this.stats;
    registerDeliveryMetrics(registry, { metrics: counters, stats });
  }
}
