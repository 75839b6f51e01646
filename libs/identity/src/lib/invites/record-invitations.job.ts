import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Clock, defineJob, HandlesJob, JobContext, JobHandler, newId } from '@docs/platform';
import { Repository } from 'typeorm';
import type { MemberRoleOrGuest } from '../members/member-role';
import { InvitationEntity } from './invitation.entity';

export interface RecordInvitationsPayload {
  organizationId: string;
  invitedBy: string | null;
  invitations: { userId: string; email: string; role: MemberRoleOrGuest }[];
}

/** Enqueued by the invite operation, in its transaction; run by the worker. */
export const RecordInvitationsJob = defineJob<RecordInvitationsPayload>('identity.record-invitations');

/**
 * Writes the invitation log of an invite request. Keyed by the job id, so a retried job
 * records nothing twice.
 */
@Injectable()
@HandlesJob(RecordInvitationsJob)
export class RecordInvitationsHandler implements JobHandler<RecordInvitationsPayload> {
  constructor(
    @InjectRepository(InvitationEntity) private readonly invitations: Repository<InvitationEntity>,
    private readonly clock: Clock,
  ) {}

  async handle(payload: RecordInvitationsPayload, context: JobContext): Promise<void> {
    if (payload.invitations.length === 0) return;
    const now = this.clock.now();
    await this.invitations
      .createQueryBuilder()
      .insert()
      .values(
        payload.invitations.map((invitation) => ({
          id: newId(),
          organizationId: payload.organizationId,
          userId: invitation.userId,
          email: invitation.email,
          role: invitation.role,
          invitedBy: payload.invitedBy,
          jobId: context.jobId,
          createdAt: now,
        })),
      )
      .orIgnore()
      .execute();
  }
}
