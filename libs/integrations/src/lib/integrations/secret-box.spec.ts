import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips a secrets map', () => {
    const sealed = box.seal({ API_KEY: 'hunter2' }, 'my-integration');
    expect(box.open(sealed, 'my-integration')).toEqual({ API_KEY: 'hunter2' });
  });

  it('never stores the clear text, and seals the same map differently each time', () => {
    const a = box.seal({ API_KEY: 'hunter2' }, 'x');
    const b = box.seal({ API_KEY: 'hunter2' }, 'x');
    expect(a.toString('latin1')).not.toContain('hunter2');
    expect(a.equals(b)).toBe(false);
  });

  it('refuses another key, another integration and a tampered value', () => {
    const sealed = box.seal({ k: 'v' }, 'x');
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'x')).toThrow();
    expect(() => box.open(sealed, 'y')).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => box.open(tampered, 'x')).toThrow();
  });

  it('needs a 32-byte key', () => expect(() => new SecretBox(randomBytes(16))).toThrow());
});
