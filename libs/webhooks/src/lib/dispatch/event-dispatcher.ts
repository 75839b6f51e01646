import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Clock, DatabaseNotifications } from '@docs/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeliveryMetrics } from '../stats/delivery-metrics';
import { ClaimedDelivery, DeliveryQueue } from './delivery-queue';
import { DeliverySender } from './delivery-sender';
import { EventRetention } from './event-retention';
import { MAX_ATTEMPTS, nextRetryDelayMs, RETRY_SPAN_MS } from './retry-schedule';
import { SuccessBatch } from './success-batch';

/** How often the dispatcher looks for due work when nothing woke it (retries come due by the clock). */
export const POLL_MS = 1000;
/** Notifications arrive with every write: passes they start are at least this far apart. */
const MIN_NOTIFIED_PASS_INTERVAL_MS = 25;
/** A lease outlives an attempt's timeout by this much before another worker may take the delivery. */
const LEASE_MARGIN_MS = 5000;

/**
 * The worker's delivery loop (only the worker runs it: a slow or dead receiver never touches the
 * api). It wakes on `events_written` and `deliveries_requested` notifications, on each finished
 * attempt, and every second:
 *
 * 1. `advance`: every active subscription without an unfinished ordered delivery gets its next
 *    event as a delivery (one at a time per subscription: the order of its events is kept);
 * 2. `claim`: due deliveries, up to `WEBHOOK_CONCURRENCY` in flight, each under a lease;
 * 3. each is attempted; a success frees the subscription for its next event at once (successes
 *    that end together are written by one statement), a failure is retried on the schedule of
 *    `retry-schedule.ts`, and when the attempts run out the delivery fails and its subscription is
 *    disabled. Pings and redeliveries get one attempt.
 *
 * Several workers share the work: claims skip rows another worker holds, and a worker killed
 * mid-attempt leaves a lease that ends `WEBHOOK_TIMEOUT_MS` + 5 s later, after which another
 * worker (or the same one restarted) sends the delivery again, with the same `webhook-id`.
 */
@Injectable()
export class EventDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventDispatcher');
  private readonly concurrency: number;
  private readonly leaseMs: number;
  /** Per slot: the delivery being attempted (a slot goes on with its subscription's next event). */
  private readonly inFlight = new Map<number, { delivery: ClaimedDelivery; done: Promise<void> }>();
  private slots = 0;
  private readonly shutdown = new AbortController();
  private wakeUp?: () => void;
  private woken = false;
  private loop?: Promise<void>;
  private started = false;
  private lastPass = 0;
  private notifyTimer?: NodeJS.Timeout;
  private readonly successes: SuccessBatch;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly sender: DeliverySender,
    private readonly retention: EventRetention,
    private readonly metrics: DeliveryMetrics,
    private readonly notifications: DatabaseNotifications,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.concurrency = config.webhooks.concurrency;
    this.leaseMs = config.webhooks.timeoutMs + LEASE_MARGIN_MS;
    this.successes = new SuccessBatch(queue, () => {
      const now = this.clock.now();
      return { now, leaseUntil: this.leaseFrom(now) };
    });
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const channel of ['events_written', 'deliveries_requested']) this.notifications.subscribe(channel, () => this.notified());
    this.loop = this.run();
    this.logger.debug({ concurrency: this.concurrency, timeoutMs: this.config.webhooks.timeoutMs }, 'event dispatcher started');
  }

  /**
   * A notification (a write, a ping...): a pass soon, at most one per MIN_NOTIFIED_PASS_INTERVAL_MS
   * however many writes notify (busy subscriptions go on without passes: see `launch`).
   */
  private notified(): void {
    if (this.notifyTimer) return;
    const wait = Math.max(0, this.lastPass + MIN_NOTIFIED_PASS_INTERVAL_MS - Date.now());
    if (wait === 0) return this.wake();
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      this.wake();
    }, wait);
    this.notifyTimer.unref();
  }

  /** Look for work now (a finished attempt, a test that moved the clock). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stop taking work; let attempts in flight end within SHUTDOWN_TIMEOUT_MS, then hand the rest back at once. */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    const stopping = Promise.all([...this.inFlight.values()].map((entry) => entry.done));
    this.wake();
    await this.loop;
    const timedOut = await Promise.race([stopping.then(() => false), sleep(this.config.shutdownTimeoutMs, true, { ref: false })]);
    if (timedOut) {
      const left = [...this.inFlight.values()].map((entry) => entry.delivery);
      this.shutdown.abort();
      for (const delivery of left) await this.queue.release(delivery, this.clock.now()).catch(() => undefined);
      this.logger.warn({ deliveries: left.length }, 'deliveries handed back at shutdown');
    }
  }

  /** One pass: answers whether it found anything to do. */
  async tick(): Promise<boolean> {
    this.lastPass = Date.now();
    const now = this.clock.now();
    let progressed = (await this.queue.advance(now)) > 0;
    const free = this.concurrency - this.inFlight.size;
    if (free > 0) {
      const claimed = await this.queue.claim(now, this.leaseFrom(now), free, [...this.inFlight.values()].map((entry) => entry.delivery.id));
      for (const delivery of claimed) this.launch(delivery);
      progressed ||= claimed.length > 0;
    }
    await this.retention.maybePrune(now);
    return progressed;
  }

  private async run(): Promise<void> {
    while (this.started) {
      let progressed = false;
      this.woken = false;
      try {
        progressed = await this.tick();
      } catch (error) {
        this.logger.error({ err: error }, 'dispatch pass failed');
        await sleep(POLL_MS);
      }
      if (!this.started) break;
      if (progressed && this.inFlight.size < this.concurrency) continue;
      if (this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private leaseFrom(now: Date): Date {
    return new Date(now.getTime() + this.leaseMs);
  }

  /** Attempts a delivery in a slot of its own, then the next event of its subscription while there is one. */
  private launch(first: ClaimedDelivery): void {
    const slot = this.slots++;
    const entry = { delivery: first, done: Promise.resolve() };
    this.inFlight.set(slot, entry);
    entry.done = (async () => {
      for (let delivery: ClaimedDelivery | undefined = first; delivery; ) {
        entry.delivery = delivery;
        this.metrics.attemptStarted();
        delivery = await this.deliver(delivery).catch((error: unknown) => {
          this.logger.error({ err: error, delivery: entry.delivery.id }, 'delivery bookkeeping failed');
          return undefined;
        });
      }
    })().finally(() => {
      this.inFlight.delete(slot);
      this.wake();
    });
  }

  /** One attempt and its bookkeeping; answers the subscription's next delivery when this one succeeded and it has one. */
  private async deliver(delivery: ClaimedDelivery): Promise<ClaimedDelivery | undefined> {
    const result = await this.sender.attempt(delivery, this.clock.now(), this.shutdown.signal);
    this.metrics.attemptEnded(result.outcome, result.durationMs);
    if (this.shutdown.signal.aborted) return undefined; // handed back: the next worker attempts it again
    const now = this.clock.now();
    if (result.outcome === 'succeeded') {
      const written = typeof delivery.payload?.['createdAt'] === 'string' ? Date.parse(delivery.payload['createdAt'] as string) : NaN;
      this.metrics.delivered(delivery.kind === 'event' && Number.isFinite(written) ? now.getTime() - written : null);
      if (delivery.kind !== 'event' || !this.started) {
        await this.queue.succeed(delivery, result, now);
        return undefined;
      }
      // The subscription's next event goes now, in this slot, rather than at the next pass; the
      // success is written with the others that end meanwhile (SuccessBatch).
      return this.successes.record(delivery, result);
    }
    const delay = delivery.kind === 'event' ? nextRetryDelayMs(delivery.attempt - delivery.retryBase) : null;
    if (delay !== null) {
      await this.queue.retry(delivery, result, new Date(now.getTime() + delay), now);
      return undefined;
    }
    const reason =
      delivery.kind === 'event'
        ? `Event ${delivery.eventId} (${delivery.eventType}) failed ${MAX_ATTEMPTS} attempts over ${spanText(RETRY_SPAN_MS)}; the last: ${result.error}`
        : (result.error ?? 'failed');
    const disabled = await this.queue.giveUp(delivery, result, now, reason.slice(0, 1000));
    this.metrics.gaveUp(disabled);
    if (disabled) this.logger.warn({ subscription: delivery.subscriptionId, delivery: delivery.id }, 'subscription disabled: its retries ran out');
    return undefined;
  }
}

/** `27 h 35 min`. */
function spanText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
