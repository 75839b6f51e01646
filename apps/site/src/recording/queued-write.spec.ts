import { QueuedWrite } from './queued-write';

describe('QueuedWrite', () => {
  it('runs one write at a time, and makes the requests made while one waits that one', async () => {
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const writes = new QueuedWrite(() => {
      started.push(started.length + 1);
      return new Promise<void>((resolve) => releases.push(resolve));
    });
    const first = writes.request();
    await Promise.resolve();
    const second = writes.request();
    expect(writes.request()).toBe(second);
    expect(started).toEqual([1]);
    releases[0]();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    // Asked while the second runs: a third write, after it.
    const third = writes.request();
    expect(third).not.toBe(second);
    releases[1]();
    await second;
    await new Promise((resolve) => setImmediate(resolve));
    releases[2]();
    await third;
    expect(started).toEqual([1, 2, 3]);
  });
});
