import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config/app-config';
import { RequestDurationHistogram } from './request-duration-histogram';

/** Which process the metrics describe: the api or the worker (the CLI exposes none). */
export type MetricsRuntime = 'http' | 'worker' | 'cli';

/** Buckets of job durations (seconds): 10 ms to an hour. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];

export type JobOutcome = 'completed' | 'failed' | 'handed_back';

/**
 * The Prometheus metrics of one process (prom-client), in a registry of its own (tests run many
 * apps in one process). `exposed`: something can scrape this process (the api with METRICS_TOKEN
 * or METRICS_PORT, the worker with WORKER_METRICS_PORT); only then are requests timed and the
 * process's default metrics (CPU, memory, event loop, GC) collected. Job metrics are always kept:
 * they cost nothing per request.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly exposed: boolean;
  /** http_request_duration_seconds{method, route, status} (the api). */
  readonly requests = new RequestDurationHistogram();
  /** jobs_total{kind, outcome} and job_duration_seconds{kind, outcome} (the worker). */
  readonly jobs: Counter<'kind' | 'outcome'>;
  readonly jobDurations: Histogram<'kind' | 'outcome'>;

  constructor(config: AppConfig, runtime: MetricsRuntime) {
    const { token, apiPort, workerPort } = config.metrics;
    this.exposed = runtime === 'http' ? token !== undefined || apiPort !== undefined : runtime === 'worker' ? workerPort !== undefined : false;
    if (this.exposed) collectDefaultMetrics({ register: this.registry });
    if (runtime === 'http') this.registry.registerMetric(this.requests as never);
    this.jobs = new Counter({ name: 'jobs_total', help: 'Jobs run by this worker, by kind and outcome.', labelNames: ['kind', 'outcome'], registers: runtime === 'worker' ? [this.registry] : [] });
    this.jobDurations = new Histogram({
      name: 'job_duration_seconds',
      help: 'Time a job ran in this worker, by kind and outcome.',
      labelNames: ['kind', 'outcome'],
      buckets: JOB_BUCKETS,
      registers: runtime === 'worker' ? [this.registry] : [],
    });
  }

  recordJob(kind: string, outcome: JobOutcome, seconds: number): void {
    this.jobs.inc({ kind, outcome });
    this.jobDurations.observe({ kind, outcome }, seconds);
  }

  /** A gauge whose values are read when scraped (`collect` sets them). */
  gauge<L extends string>(options: { name: string; help: string; labelNames: L[]; collect: (gauge: Gauge<L>) => Promise<void> }): Gauge<L> {
    const { collect, ...rest } = options;
    return new Gauge<L>({
      ...rest,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  /** The exposition text and its Content-Type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
