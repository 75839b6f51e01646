import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { EncryptionKeys } from './encryption-keys';

const keys = (encryption: AppConfig['encryption']) => new EncryptionKeys({ encryption } as AppConfig);

describe('EncryptionKeys', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'keys-')), 'encryption.key');
  const configured = keys({ key: 'k'.repeat(32), keyFile: file });

  it('seals and opens, with a fresh IV each time', () => {
    const a = configured.encrypt('p', 'secret value');
    const b = configured.encrypt('p', 'secret value');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(configured.decrypt('p', a)).toBe('secret value');
  });

  it('refuses what was altered, sealed for another purpose or under another key', () => {
    const sealed = configured.encrypt('p', 'secret value');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2], 'base64url');
    body[0] ^= 1;
    expect(() => configured.decrypt('p', [parts[0], parts[1], body.toString('base64url')].join('.'))).toThrow();
    expect(() => configured.decrypt('q', sealed)).toThrow();
    expect(() => keys({ key: 'x'.repeat(32), keyFile: file }).decrypt('p', sealed)).toThrow();
    expect(() => configured.decrypt('p', 'garbage')).toThrow('not an encrypted value');
  });

  it('makes stable HMACs per purpose and key', () => {
    expect(configured.hmac('p', 'v')).toBe(keys({ key: 'k'.repeat(32), keyFile: file }).hmac('p', 'v'));
    expect(configured.hmac('p', 'v')).not.toBe(configured.hmac('q', 'v'));
    expect(configured.hmac('p', 'v')).not.toBe(keys({ key: 'x'.repeat(32), keyFile: file }).hmac('p', 'v'));
  });

  it('without ENCRYPTION_KEY, creates a private key file once and keeps using it', () => {
    const first = keys({ keyFile: file });
    const sealed = first.encrypt('p', 'v');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const content = readFileSync(file, 'utf8');
    expect(keys({ keyFile: file }).decrypt('p', sealed)).toBe('v');
    expect(readFileSync(file, 'utf8')).toBe(content);
  });
});
