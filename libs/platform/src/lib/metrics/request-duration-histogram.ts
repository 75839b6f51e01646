
/** Upper bounds (seconds) of the request latency buckets: 1 ms to 10 s. */
export const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** One line of a metric as prom-client's registry formats it (its `get()` shape). */
export interface MetricLine {
  metricName: string;
  labels: Record<string, string | number>;
  /** Labels printed after `labels` (prom-client prints a bucket's `le` first, then the series'). */
  sharedLabels?: Record<string, string>;
  value: number;
}

interface Series {
  labels: { method: string; route: string; status: string };
  /** Per bucket (not cumulative), plus one for +Inf. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds{method, route, status}` as a prom-client metric, observed on
 * every request. prom-client's own Histogram validates and hashes the label object on each
 * observation; here a request costs one string key, one Map lookup and one short loop over the
 * buckets, and the exposition (rare: a scrape) builds the label objects. The registry formats it
 * like any prom-client metric (it asks `get()`), so the text is prom-client's.
 */
export class RequestDurationHistogram {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from the request to the end of its response, by method, route template and status.';
  readonly type = 'histogram';
  readonly aggregator = 'sum' as const;
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = { labels: { method, route, status: String(status) }, counts: new Float64Array(REQUEST_BUCKETS.length + 1), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[bucket]) bucket++;
    series.counts[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricLine[] }> {
    const values: MetricLine[] = [];
    for (const series of this.series.values()) {
      let cumulative = 0;
      for (let i = 0; i < REQUEST_BUCKETS.length; i++) {
        cumulative += series.counts[i];
        values.push({ metricName: `${this.name}_bucket`, labels: { le: REQUEST_BUCKETS[i] }, sharedLabels: series.labels, value: cumulative });
      }
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count });
      values.push({ metricName: `${this.name}_sum`, labels: {}, sharedLabels: series.labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: {}, sharedLabels: series.labels, value: series.count });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  reset(): void {
    this.series.clear();
  }
}
