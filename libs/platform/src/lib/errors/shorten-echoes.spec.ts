import { MAX_ECHO_LENGTH, shortenEchoes } from './shorten-echoes';

describe('shortenEchoes', () => {
  const long = 'a'.repeat(200);

  it('cuts a long input quoted in the message', () => {
    expect(shortenEchoes(`No space has the id ${long}.`, [{ spaceId: long }])).toBe(`No space has the id ${'a'.repeat(MAX_ECHO_LENGTH)}….`);
  });

  it('finds inputs in nested values and keys, and leaves short ones and other text alone', () => {
    const key = 'k'.repeat(100);
    expect(shortenEchoes(`property ${key} should not exist; id abc`, [{ body: { [key]: 1 } }, { id: 'abc' }])).toBe(
      `property ${'k'.repeat(MAX_ECHO_LENGTH)}… should not exist; id abc`,
    );
    expect(shortenEchoes('x'.repeat(300), [{ other: 'y'.repeat(300) }])).toBe('x'.repeat(300));
  });

  it('cuts a quote that contains another one whole', () => {
    const inner = 'b'.repeat(100);
    const outer = `${inner}c`;
    expect(shortenEchoes(`id ${outer}`, [inner, outer])).toBe(`id ${outer.slice(0, MAX_ECHO_LENGTH)}…`);
  });
});
