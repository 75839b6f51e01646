import { Injectable } from '@nestjs/common';
import { defineJob, EncryptionKeys, HandlesJob, JobHandler } from '@docs/platform';
import { AccountMails } from './account-mails';

/** Sealed with EncryptionKeys under this purpose: the link is a secret, the queue a table. */
export const SEALED_LINK_PURPOSE = 'account-link-url';

export interface InvitationMailPayload {
  to: string;
  sealedUrl: string;
  organizationTitle: string;
  inviterName: string | null;
}

/** One per person an invitation made a member, enqueued in the invitation's transaction. */
export const InvitationMailJob = defineJob<InvitationMailPayload>('identity.invitation-mail', { retryLimit: 5, retryDelaySeconds: 60 });

@Injectable()
@HandlesJob(InvitationMailJob)
export class InvitationMailHandler implements JobHandler<InvitationMailPayload> {
  constructor(
    private readonly mails: AccountMails,
    private readonly keys: EncryptionKeys,
  ) {}

  async handle(payload: InvitationMailPayload): Promise<void> {
    await this.mails.sendInvitation({
      to: payload.to,
      url: this.keys.decrypt(SEALED_LINK_PURPOSE, payload.sealedUrl),
      organizationTitle: payload.organizationTitle,
      inviterName: payload.inviterName,
    });
  }
}
