import { readsInTurn } from './reads-in-turn';

describe('readsInTurn', () => {
  /** A read that records when it starts and ends, and answers `value` a tick later. */
  const tracked = (log: string[], value: string) => async () => {
    log.push(`start ${value}`);
    await new Promise((resolve) => setImmediate(resolve));
    log.push(`end ${value}`);
    return value;
  };

  it('runs the reads together outside a transaction', async () => {
    const log: string[] = [];
    expect(await readsInTurn(undefined, [tracked(log, 'a'), tracked(log, 'b')])).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'start b', 'end a', 'end b']);
  });

  it('runs them one after the other in a transaction, answers in order', async () => {
    const log: string[] = [];
    expect(await readsInTurn({}, [tracked(log, 'a'), tracked(log, 'b')])).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('stops at the first failing read in a transaction', async () => {
    const log: string[] = [];
    const failing = async () => {
      throw new Error('boom');
    };
    await expect(readsInTurn({}, [failing, tracked(log, 'b')])).rejects.toThrow('boom');
    expect(log).toEqual([]);
  });
});
