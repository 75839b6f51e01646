import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineJob, EncryptionKeys, HandlesJob, JobHandler } from '@docs/platform';
import { DataSource } from 'typeorm';
import { AccountLinksService } from '../account-links/account-links.service';
import { UsersService } from '../users/users.service';
import { AccountMails } from './account-mails';

export const SEALED_EMAIL_PURPOSE = 'password-reset-email';

export interface PasswordResetPayload {
  sealedEmail: string;
}

/** Enqueued for every reset asked, whatever the address (PasswordResets). */
export const PasswordResetJob = defineJob<PasswordResetPayload>('identity.password-reset', { retryLimit: 5, retryDelaySeconds: 60 });

/** Finds the person of the address; if there is one, issues a reset link (one hour) and mails it. */
@Injectable()
@HandlesJob(PasswordResetJob)
export class PasswordResetHandler implements JobHandler<PasswordResetPayload> {
  private readonly logger = new Logger('PasswordResets');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly links: AccountLinksService,
    private readonly mails: AccountMails,
    private readonly keys: EncryptionKeys,
  ) {}

  async handle(payload: PasswordResetPayload): Promise<void> {
    const email = this.keys.decrypt(SEALED_EMAIL_PURPOSE, payload.sealedEmail);
    const user = await this.users.findByEmail(email);
    if (!user) {
      this.logger.debug('password reset asked for an address no account has');
      return;
    }
    const issued = await this.dataSource.transaction((tx) => this.links.issue(tx, user.id, 'reset-password'));
    await this.mails.sendPasswordReset(user.email, issued.url);
  }
}
