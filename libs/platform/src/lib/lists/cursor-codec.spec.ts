import { randomBytes } from 'node:crypto';
import { CursorCodec, InvalidCursorError } from './cursor-codec';

describe('CursorCodec', () => {
  const codec = new CursorCodec(randomBytes(32));

  it('round-trips the keyset values of its scope', () => {
    const token = codec.encode('members:org1', ['2026-01-01T00:00:00.000Z', 'u1', 3, null]);
    expect(codec.decode('members:org1', token, 4)).toEqual(['2026-01-01T00:00:00.000Z', 'u1', 3, null]);
  });

  it('is opaque: URL-safe and free of the raw values', () => {
    const token = codec.encode('s', ['secret-looking-value']);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('secret');
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['an empty string', ''],
    ['three parts', 'a.b.c'],
  ])('rejects %s', (_label, token) => {
    expect(() => codec.decode('s', token, 1)).toThrow(InvalidCursorError);
  });

  it('rejects a cursor whose values were edited', () => {
    const token = codec.encode('s', ['a']);
    const [, tag] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['b'])).toString('base64url')}.${tag}`;
    expect(() => codec.decode('s', forged, 1)).toThrow(InvalidCursorError);
  });

  it('rejects a cursor of another list or other filters', () => {
    const token = codec.encode('members:org1:role=admin', ['a']);
    expect(() => codec.decode('members:org1:role=read', token, 1)).toThrow(InvalidCursorError);
    expect(() => codec.decode('members:org2:role=admin', token, 1)).toThrow(InvalidCursorError);
  });

  it('rejects a cursor signed with another key', () => {
    const token = new CursorCodec(randomBytes(32)).encode('s', ['a']);
    expect(() => codec.decode('s', token, 1)).toThrow(InvalidCursorError);
  });

  it('rejects a cursor with the wrong number of values', () => {
    expect(() => codec.decode('s', codec.encode('s', ['a', 'b']), 1)).toThrow(InvalidCursorError);
  });
});
