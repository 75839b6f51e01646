import { Module } from '@nestjs/common';
import { IdentityCoreModule } from './identity-core.module';
import { RecordInvitationsHandler } from './invites/record-invitations.job';

/** Identity's job handlers, registered by the worker only. */
@Module({
  imports: [IdentityCoreModule],
  providers: [RecordInvitationsHandler],
})
export class IdentityJobsModule {}
