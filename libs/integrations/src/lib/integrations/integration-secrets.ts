import { Injectable } from '@nestjs/common';
import { EncryptionKeys } from '@docs/platform';

/**
 * Seals integration secrets with the installation's encryption key (`ENCRYPTION_KEY`, or the key
 * file beside the embedded database): it comes from configuration, not from the database, so a
 * copy of the database alone does not reveal them. Each integration's secrets are sealed under a
 * key derived for that integration, so a sealed value cannot be moved to another one.
 */
@Injectable()
export class IntegrationSecrets {
  constructor(private readonly keys: EncryptionKeys) {}

  seal(secrets: Record<string, string>, integrationName: string): Buffer {
    return Buffer.from(this.keys.encrypt(purpose(integrationName), JSON.stringify(secrets)), 'utf8');
  }

  /** The secrets of `sealed` (what `seal` stored for that integration). */
  open(sealed: Buffer, integrationName: string): Record<string, string> {
    return JSON.parse(this.keys.decrypt(purpose(integrationName), sealed.toString('utf8'))) as Record<string, string>;
  }
}

const purpose = (integrationName: string) => `integration-secrets:${integrationName}`;
