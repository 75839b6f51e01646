import { Injectable } from '@nestjs/common';
import { EncryptionKeys } from '@docs/platform';

const PURPOSE = 'event-subscription-secret';

/** Signing secrets of subscriptions, sealed with the installation's `ENCRYPTION_KEY`: a dump reveals none. */
@Injectable()
export class SubscriptionSecrets {
  constructor(private readonly keys: EncryptionKeys) {}

  seal(secret: string): string {
    return this.keys.encrypt(PURPOSE, secret);
  }

  open(sealed: string): string {
    return this.keys.decrypt(PURPOSE, sealed);
  }

  /** The secrets a delivery is signed with now: the current one, and the rotated one while it lasts. */
  signingSecrets(row: { secret: string | null; previousSecret: string | null; previousSecretExpiresAt: Date | null }, now: Date): string[] {
    const secrets: string[] = [];
    if (row.secret) secrets.push(this.open(row.secret));
    if (row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) secrets.push(this.open(row.previousSecret));
    return secrets;
  }
}

/** How long a replaced secret keeps signing deliveries beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 3_600_000;
