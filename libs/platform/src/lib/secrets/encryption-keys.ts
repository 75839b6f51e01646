import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/app-config';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

/**
 * Secrets that must be usable but never readable from a database dump (share-link keys, site
 * signing keys). Their keys come from configuration, never from the database: `ENCRYPTION_KEY`,
 * or a key file generated once beside the embedded database (`.data/encryption.key`, mode 600).
 * Each use derives its own key with HKDF from that secret and a purpose name, so that the lookup
 * HMAC of a value and its ciphertext are under unrelated keys.
 */
@Injectable()
export class EncryptionKeys {
  private master?: Buffer;
  private readonly derived = new Map<string, Buffer>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** HMAC-SHA256 of `value` under the `purpose` key, base64url: a stable, irreversible lookup key. */
  hmac(purpose: string, value: string): string {
    return createHmac('sha256', this.key(`hmac:${purpose}`)).update(value, 'utf8').digest('base64url');
  }

  /** AES-256-GCM: `v1.<iv>.<ciphertext+tag>` (base64url parts). */
  encrypt(purpose: string, plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key(`aes:${purpose}`), iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [FORMAT, iv.toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plaintext of `encrypt`'s output; throws when it was altered or made under another key. */
  decrypt(purpose: string, sealed: string): string {
    const [format, ivText, bodyText] = sealed.split('.');
    if (format !== FORMAT || !ivText || !bodyText) throw new Error('not an encrypted value of this installation');
    const body = Buffer.from(bodyText, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key(`aes:${purpose}`), Buffer.from(ivText, 'base64url'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  private key(info: string): Buffer {
    let key = this.derived.get(info);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.masterKey(), Buffer.alloc(0), info, 32));
      this.derived.set(info, key);
    }
    return key;
  }

  private masterKey(): Buffer {
    this.master ??= this.config.encryption.key ? Buffer.from(this.config.encryption.key, 'utf8') : loadOrCreateKeyFile(this.config.encryption.keyFile);
    return this.master;
  }
}

/** The key file's secret, created (exclusively: concurrent starters read the winner's) when missing. */
function loadOrCreateKeyFile(file: string): Buffer {
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
