import { Injectable } from '@nestjs/common';
import { EncryptionKeys, JobQueue } from '@docs/platform';
import { normalizeEmail } from '../users/users.service';
import { PasswordResetJob, SEALED_EMAIL_PURPOSE } from '../mail/password-reset.job';

/**
 * A reset asked for an address: one queued job whatever the address, so that the answer and its
 * time tell nothing; the worker finds the person (if any), issues the link and mails it. The
 * address travels sealed (the queue's table is not the place for people's addresses in clear).
 */
@Injectable()
export class PasswordResets {
  constructor(
    private readonly jobs: JobQueue,
    private readonly keys: EncryptionKeys,
  ) {}

  async request(email: string): Promise<void> {
    await this.jobs.enqueue(PasswordResetJob, { sealedEmail: this.keys.encrypt(SEALED_EMAIL_PURPOSE, normalizeEmail(email)) });
  }
}
