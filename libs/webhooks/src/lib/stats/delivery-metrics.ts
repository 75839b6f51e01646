import { Injectable } from '@nestjs/common';
import type { AttemptOutcome } from '../deliveries/delivery-attempt.entity';

/** Running totals of one worker process since it started (what `/metrics` exposes as counters). */
export interface DeliveryMetricsSnapshot {
  /** Attempts by how they ended. */
  attempts: Record<AttemptOutcome, number>;
  /** Deliveries that succeeded, and those whose attempts ran out. */
  succeeded: number;
  failed: number;
  /** Subscriptions disabled after their retries ran out. */
  disabled: number;
  /** Time spent per attempt (the HTTP round trip). */
  attemptSeconds: { count: number; sum: number };
  /** From an event's write to its successful delivery (ordered deliveries only). */
  lagSeconds: { count: number; sum: number; max: number };
  /** Attempts running now. */
  inFlight: number;
}

/**
 * The delivery counters of this process, for the metrics endpoint to read (`snapshot()`) and for
 * tests. The dispatcher counts; nothing here touches the database. The figures that need the
 * database (backlog, oldest undelivered event) are `DeliveryStats`.
 */
@Injectable()
export class DeliveryMetrics {
  private readonly attempts: Record<AttemptOutcome, number> = {
    succeeded: 0,
    http_error: 0,
    redirect: 0,
    timeout: 0,
    network: 0,
    refused: 0,
    interrupted: 0,
  };
  private succeeded = 0;
  private failed = 0;
  private disabled = 0;
  private readonly attemptSeconds = { count: 0, sum: 0 };
  private readonly lagSeconds = { count: 0, sum: 0, max: 0 };
  private inFlight = 0;

  attemptStarted(): void {
    this.inFlight++;
  }

  attemptEnded(outcome: AttemptOutcome, durationMs: number): void {
    this.inFlight--;
    this.attempts[outcome]++;
    this.attemptSeconds.count++;
    this.attemptSeconds.sum += durationMs / 1000;
  }

  delivered(lagMs: number | null): void {
    this.succeeded++;
    if (lagMs === null) return;
    const seconds = Math.max(0, lagMs) / 1000;
    this.lagSeconds.count++;
    this.lagSeconds.sum += seconds;
    this.lagSeconds.max = Math.max(this.lagSeconds.max, seconds);
  }

  gaveUp(disabledSubscription: boolean): void {
    this.failed++;
    if (disabledSubscription) this.disabled++;
  }

  snapshot(): DeliveryMetricsSnapshot {
    return {
      attempts: { ...this.attempts },
      succeeded: this.succeeded,
      failed: this.failed,
      disabled: this.disabled,
      attemptSeconds: { ...this.attemptSeconds },
      lagSeconds: { ...this.lagSeconds },
      inFlight: this.inFlight,
    };
  }
}
