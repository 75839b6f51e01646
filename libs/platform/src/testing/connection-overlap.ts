import { Client } from 'pg';

/**
 * Watches every pg connection of this process for statements sent while another one of the same
 * connection is still unanswered: what a transaction's reads run with `Promise.all` do (pg queues
 * them, warns, and pg 9 refuses them; use `readsInTurn`). `most()` is the highest number of
 * statements one connection had outstanding at once since the start; `stop()` ends the watch.
 */
export function watchConnectionOverlap(): { most(): number; stop(): void } {
  const outstanding = new Map<Client, number>();
  let most = 0;
  // Patched by hand, not with jest.spyOn: bench scripts load this library without jest.
  const original = Client.prototype.query;
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    const count = (outstanding.get(this) ?? 0) + 1;
    outstanding.set(this, count);
    most = Math.max(most, count);
    let answered = false;
    const done = () => {
      if (answered) return;
      answered = true;
      outstanding.set(this, (outstanding.get(this) ?? 1) - 1);
    };
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
    }
    const result = (original as (...a: unknown[]) => unknown).apply(this, args) as { then?: unknown; once?: unknown } | undefined;
    if (result && typeof result.then === 'function') (result as Promise<unknown>).then(done, done);
    else if (result && typeof result.once === 'function') {
      // A submittable (a cursor, a stream): answered when it ends or fails.
      const emitter = result as { once(event: string, listener: () => void): void };
      emitter.once('end', done);
      emitter.once('error', done);
    } else if (typeof callback !== 'function') done();
    return result as never;
  } as typeof Client.prototype.query;
  return {
    most: () => most,
    stop: () => {
      Client.prototype.query = original;
    },
  };
}
