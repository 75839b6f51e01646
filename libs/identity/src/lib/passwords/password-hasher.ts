import { Injectable } from '@nestjs/common';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 50 ms of one
 * core per hash here, on libuv's thread pool (the event loop stays free). The hash is a PHC
 * string that carries its own parameters and salt, so a stronger setting later applies to new
 * hashes while old ones still verify.
 */
// `Algorithm` is a const enum, which SWC's per-file compilation cannot inline: its value, typed.
const ARGON2ID = 2 as Algorithm.Argon2id;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

@Injectable()
export class PasswordHasher {
  /** Verified against when the address is unknown, so that it costs what a known one does. */
  private decoy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  /** False for a wrong password and for a malformed stored hash alike. */
  async verify(stored: string | undefined, password: string): Promise<boolean> {
    if (stored === undefined) {
      this.decoy ??= this.hash('decoy password that no account has');
      await verify(await this.decoy, password).catch(() => false);
      return false;
    }
    return verify(stored, password).catch(() => false);
  }
}
