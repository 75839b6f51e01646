import type { AttemptResult, ClaimedDelivery, DeliveryQueue } from './delivery-queue';

/** Successes recorded by one statement at most. */
export const MAX_SUCCESSES_PER_STATEMENT = 200;

interface Waiting {
  delivery: ClaimedDelivery;
  result: AttemptResult;
  resolve: (next: ClaimedDelivery | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * The successes of ordered deliveries, recorded together: one statement in flight at a time, and
 * each next one takes every success that arrived meanwhile. One event's fan-out to ten webhooks
 * then costs the database one or two statements instead of ten at the same moment; ten backends
 * busy at once were what delayed the api's own requests on a shared machine (docs/performance.md,
 * "Events and webhooks"). A batch that fails is written again one success at a time, so one bad
 * row, or a deadlock with another worker's statement, fails only its own delivery.
 */
export class SuccessBatch {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly queue: DeliveryQueue,
    /** The statement's time, and the lease of the deliveries it hands out. */
    private readonly times: () => { now: Date; leaseUntil: Date },
  ) {}

  /** Records a success; answers the subscription's next delivery, already claimed, when it has one. */
  record(delivery: ClaimedDelivery, result: AttemptResult): Promise<ClaimedDelivery | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ delivery, result, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) await this.write(this.waiting.splice(0, MAX_SUCCESSES_PER_STATEMENT));
    } finally {
      this.writing = false;
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    const { now, leaseUntil } = this.times();
    let next: Map<string, ClaimedDelivery>;
    try {
      next = await this.queue.succeedAndTakeNext(batch, now, leaseUntil);
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const one of batch) await this.write([one]);
      return;
    }
    for (const { delivery, resolve } of batch) resolve(next.get(delivery.subscriptionId));
  }
}
