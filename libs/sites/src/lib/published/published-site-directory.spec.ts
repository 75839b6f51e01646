import type { AppConfig, DatabaseNotifications, EncryptionKeys, SqlPool } from '@docs/platform';
import { MAX_RUNNING_PER_SITE, PublishedSiteDirectory } from './published-site-directory';

/** A site's state text as the statement answers it (the structure empty), with a marker of which statement answered. */
const state = (n: number) => JSON.stringify([{ id: 'site-1', organization_id: 'o', title: `Answer ${n}`, visibility: 'public', published: true, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }, [], [], []]);

describe('PublishedSiteDirectory: shared lookups', () => {
  it('lets concurrent lookups share statements, each answered by a statement started after it asked', async () => {
    const started: { n: number; resolve: () => void }[] = [];
    const sql = {
      first: () =>
        new Promise((resolve) => {
          const n = started.length + 1;
          started.push({ n, resolve: () => resolve({ state: state(n), share_key_valid: false }) });
        }),
    } as unknown as SqlPool;
    const directory = new PublishedSiteDirectory(sql, { hmac: () => 'h' } as unknown as EncryptionKeys, {} as DatabaseNotifications, { site: { freshness: 'strict' } } as AppConfig);
    const answer = async (lookup: ReturnType<PublishedSiteDirectory['byPath']>) => (await lookup)!.published.site.title;

    const calls: { askedAfter: number; answer: Promise<string> }[] = [];
    const ask = () => calls.push({ askedAfter: started.length, answer: answer(directory.byPath('o', 'site-1')) });
    // The first MAX lookups start statements at once; the ones after wait together.
    for (let i = 0; i < MAX_RUNNING_PER_SITE + 3; i++) ask();
    expect(started.length).toBe(MAX_RUNNING_PER_SITE);
    started[0].resolve();
    await new Promise((resolve) => setImmediate(resolve));
    // The waiting ones got a statement of their own, started now; later lookups wait for the next.
    expect(started.length).toBe(MAX_RUNNING_PER_SITE + 1);
    ask();
    for (let i = 1; started.some((s) => s.n > i); i++) {
      started[i].resolve();
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const entry of started) entry.resolve();
    for (const call of calls) {
      const n = Number((await call.answer).replace('Answer ', ''));
      // Statement n started after n - 1 statements had: it answers only lookups asked before it started.
      expect(n).toBeGreaterThan(call.askedAfter);
    }
    // Far fewer statements than lookups.
    expect(started.length).toBeLessThan(calls.length);
  });
});

describe('PublishedSiteDirectory: notified freshness', () => {
  const setup = () => {
    let statements = 0;
    let listener: ((event: 'notification' | 'connected' | 'lost') => void) | undefined;
    const sql = { first: async () => ({ state: state(++statements), share_key_valid: false }) } as unknown as SqlPool;
    const notifications = { subscribe: (_channel: string, fn: typeof listener) => (listener = fn) } as unknown as DatabaseNotifications;
    const directory = new PublishedSiteDirectory(sql, { hmac: () => 'h' } as unknown as EncryptionKeys, notifications, { site: { freshness: 'notify' } } as AppConfig);
    const title = async () => (await directory.byPath('o', 'site-1'))!.published.site.title;
    return { directory, title, emit: (event: 'notification' | 'connected' | 'lost') => listener!(event), statements: () => statements };
  };

  it('keeps answers while it hears notifications, and reads again after one', async () => {
    const { title, emit, statements } = setup();
    // Not connected yet: every lookup reads.
    expect(await title()).toBe('Answer 1');
    expect(await title()).toBe('Answer 2');
    emit('connected');
    expect(await title()).toBe('Answer 3');
    expect(await title()).toBe('Answer 3');
    expect(statements()).toBe(3);
    emit('notification');
    expect(await title()).toBe('Answer 4');
    expect(await title()).toBe('Answer 4');
    // The connection lost: nothing is kept until it is back.
    emit('lost');
    expect(await title()).toBe('Answer 5');
    expect(await title()).toBe('Answer 6');
    emit('connected');
    expect(await title()).toBe('Answer 7');
    expect(await title()).toBe('Answer 7');
  });

  it('does not keep an answer whose statement ran while a notification arrived', async () => {
    const { title, emit } = setup();
    expect(await title()).toBe('Answer 1');
    emit('connected');
    const pending = title();
    emit('notification');
    expect(await pending).toBe('Answer 2');
    expect(await title()).toBe('Answer 3');
    expect(await title()).toBe('Answer 3');
  });
});
