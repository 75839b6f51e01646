import type { AttemptResult, ClaimedDelivery, DeliveryQueue } from './delivery-queue';
import { SuccessBatch } from './success-batch';

const delivery = (n: number): ClaimedDelivery => ({
  id: `delivery-${n}`,
  kind: 'event',
  attempt: 1,
  retryBase: 0,
  subscriptionId: `subscription-${n}`,
  organizationId: 'org',
  eventId: `event-${n}`,
  eventType: 'team_created',
  createdAt: new Date(0),
  subscription: { kind: 'webhook', url: 'http://127.0.0.1/hook', secret: null, previousSecret: null, previousSecretExpiresAt: null, installationId: null },
  payload: {},
});
const success: AttemptResult = { outcome: 'succeeded', durationMs: 1, statusCode: 204, error: null, responseExcerpt: null };

/** A queue whose statement answers, for each success, a next delivery numbered +100, and fails for the ids in `refused`. */
function fakeQueue(refused = new Set<string>()) {
  const statements: string[][] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const queue = {
    async succeedAndTakeNext(successes: { delivery: ClaimedDelivery }[]): Promise<Map<string, ClaimedDelivery>> {
      statements.push(successes.map((s) => s.delivery.id));
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      if (successes.some((s) => refused.has(s.delivery.id))) throw new Error('refused by the test');
      return new Map(successes.map((s) => [s.delivery.subscriptionId, { ...s.delivery, id: `${s.delivery.id}+next` }]));
    },
  };
  return { queue: queue as unknown as DeliveryQueue, statements, mostInFlight: () => mostInFlight };
}

const times = () => ({ now: new Date(0), leaseUntil: new Date(1) });

describe('SuccessBatch', () => {
  it('writes the successes that end while a statement runs in the next one, one statement at a time', async () => {
    const fake = fakeQueue();
    const batch = new SuccessBatch(fake.queue, times);
    const first = batch.record(delivery(1), success);
    const rest = [2, 3, 4, 5].map((n) => batch.record(delivery(n), success));
    const answers = await Promise.all([first, ...rest]);
    expect(fake.statements).toEqual([['delivery-1'], ['delivery-2', 'delivery-3', 'delivery-4', 'delivery-5']]);
    expect(fake.mostInFlight()).toBe(1);
    // Each caller gets its own subscription's next delivery.
    expect(answers.map((next) => next?.id)).toEqual([1, 2, 3, 4, 5].map((n) => `delivery-${n}+next`));
  });

  it('answers nothing for a subscription that has no next event', async () => {
    const queue = { succeedAndTakeNext: async () => new Map<string, ClaimedDelivery>() } as unknown as DeliveryQueue;
    expect(await new SuccessBatch(queue, times).record(delivery(1), success)).toBeUndefined();
  });

  it('writes a failed batch again one success at a time: only the one that fails alone is refused', async () => {
    const fake = fakeQueue(new Set(['delivery-3']));
    const batch = new SuccessBatch(fake.queue, times);
    const first = batch.record(delivery(1), success);
    const rest = [2, 3, 4].map((n) => batch.record(delivery(n), success));
    const settled = await Promise.allSettled([first, ...rest]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(fake.statements).toEqual([['delivery-1'], ['delivery-2', 'delivery-3', 'delivery-4'], ['delivery-2'], ['delivery-3'], ['delivery-4']]);
    // The batch goes on afterwards.
    expect((await batch.record(delivery(5), success))?.id).toBe('delivery-5+next');
  });
});
