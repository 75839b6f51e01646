import type { Delivery, DeliveryAttempt } from '../api/admin-types';

/** What one attempt came to, in a few words: "200 in 12 ms", "HTTP 500", "Timed out"... */
export function attemptSummary(attempt: DeliveryAttempt): string {
  const took = attempt.durationMs === null ? '' : ` in ${attempt.durationMs} ms`;
  switch (attempt.outcome) {
    case null:
      return 'Running';
    case 'succeeded':
      return `${attempt.statusCode ?? 'OK'}${took}`;
    case 'http_error':
      return `HTTP ${attempt.statusCode ?? 'error'}${took}`;
    case 'redirect':
      return `Redirect ${attempt.statusCode ?? ''} (not followed)`.replace('  ', ' ');
    case 'timeout':
      return `Timed out${took}`;
    case 'network':
      return 'Could not connect';
    case 'refused':
      return 'Address not allowed';
    case 'interrupted':
      return 'Interrupted (worker stopped)';
  }
}

const STATUS_WORDS: Record<Delivery['status'], string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

/** A delivery's status and its last attempt: "Succeeded: 200 in 12 ms", "Pending: HTTP 500, next attempt 10:05:00". */
export function deliverySummary(delivery: Delivery, formatTime: (iso: string) => string = (iso) => iso): string {
  const last = delivery.attempts.at(-1);
  const parts = [STATUS_WORDS[delivery.status]];
  const details: string[] = [];
  if (last) details.push(attemptSummary(last));
  else if (delivery.status === 'pending') details.push('not sent yet');
  if (delivery.status === 'pending' && delivery.nextAttemptAt && last) details.push(`next attempt ${formatTime(delivery.nextAttemptAt)}`);
  return details.length ? `${parts[0]}: ${details.join(', ')}` : parts[0];
}

/** What a delivery carried: the event's type and place, or a ping. */
export function deliveryWhat(delivery: Delivery): string {
  if (delivery.event === null) return 'ping';
  const prefix = delivery.kind === 'redelivery' ? 'again: ' : '';
  return `${prefix}${delivery.event.type} #${delivery.event.sequence}`;
}

/** Whether the list needs reading again soon: a delivery is still on its way. */
export function hasPendingDelivery(deliveries: readonly Delivery[]): boolean {
  return deliveries.some((delivery) => delivery.status === 'pending');
}
