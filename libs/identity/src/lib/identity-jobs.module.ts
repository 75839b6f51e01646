import { Module } from '@nestjs/common';
import { IdentityCoreModule } from './identity-core.module';
import { RecordInvitationsHandler } from './invites/record-invitations.job';
import { InvitationMailHandler } from './mail/invitation-mail.job';
import { PasswordResetHandler } from './mail/password-reset.job';
import { SignInSweepHandler } from './sessions/sign-in-sweep.job';

/** Identity's job handlers, registered by the worker only. */
@Module({
  imports: [IdentityCoreModule],
  providers: [RecordInvitationsHandler, InvitationMailHandler, PasswordResetHandler, SignInSweepHandler],
})
export class IdentityJobsModule {}
