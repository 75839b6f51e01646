import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, EncryptionKeys, EventOutbox, JobQueue } from '@docs/platform';
import { DataSource, EntityManager, In } from 'typeorm';
import { MemberEntity } from '../members/member.entity';
import type { MemberRoleOrGuest } from '../members/member-role';
import { normalizeEmail, UsersService } from '../users/users.service';
import type { InviteEntry } from './dto/invite-users.dto';
import { RecordInvitationsJob } from './record-invitations.job';
import { AccountLinksService } from '../account-links/account-links.service';
import { InvitationMailJob, SEALED_LINK_PURPOSE } from '../mail/invitation-mail.job';

export interface InviteResult {
  /** Ids of the users who became members with this request. */
  users: string[];
  invited: number;
  /** Invited as ordinary members because they already belong to another organization. */
  failedSSOEmails?: string[];
  /** Each new member's invitation link (mailed by the worker): for the operator's CLI, never an API answer. */
  links: { email: string; url: string }[];
}

export const DEFAULT_INVITE_ROLE: MemberRoleOrGuest = 'read';

/**
 * Invites addresses into an organization: unknown addresses become users, non-members become
 * members with the requested role, and members already there are left as they are. The
 * invitation record is written by a job enqueued in the same transaction.
 */
@Injectable()
export class InvitesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly events: EventOutbox,
    private readonly links: AccountLinksService,
    private readonly keys: EncryptionKeys,
  ) {}

  /** `invitedBy` is null when the operator invites from the CLI. */
  async invite(
    organizationId: string,
    invitedBy: string | null,
    request: { emails: InviteEntry[]; role?: MemberRoleOrGuest; sso?: boolean },
  ): Promise<InviteResult> {
    // The last mention of an address decides its role.
    const roles = new Map<string, MemberRoleOrGuest>();
    for (const entry of request.emails) {
      const defaultRole = request.role === undefined ? DEFAULT_INVITE_ROLE : request.role;
      const [email, role] = typeof entry === 'string' ? [entry, defaultRole] : [entry.email, entry.role];
      roles.set(normalizeEmail(email), role);
    }

    return this.dataSource.transaction(async (tx) => {
      const links: InviteResult['links'] = [];
      const users = await this.users.findOrCreateByEmails([...roles.keys()], tx);
      const userIds = [...users.values()].map((user) => user.id);
      const existing = await tx.find(MemberEntity, { where: { organizationId, userId: In(userIds) }, select: { userId: true } });
      const alreadyMembers = new Set(existing.map((member) => member.userId));

      const ssoBlocked = new Set<string>();
      if (request.sso) {
        const elsewhere: { user_id: string }[] = await tx.query(
          `SELECT DISTINCT user_id FROM organization_members WHERE user_id = ANY($1) AND organization_id <> $2`,
          [userIds, organizationId],
        );
        for (const row of elsewhere) ssoBlocked.add(row.user_id);
      }

      const now = this.clock.now();
      const added = [...roles.entries()]
        .map(([email, role]) => ({ email, role, user: users.get(email)! }))
        .filter(({ user }) => !alreadyMembers.has(user.id));
      if (added.length > 0) {
        const inserted = await tx
          .createQueryBuilder()
          .insert()
          .into(MemberEntity)
          .values(
            added.map(({ user, role }) => ({
              organizationId,
              userId: user.id,
              role,
              disabled: false,
              sso: Boolean(request.sso) && !ssoBlocked.has(user.id),
              joinedAt: now,
              lastSeenAt: null,
            })),
          )
          .orIgnore()
          .returning('user_id')
          .execute();
        // Only those this request really added (a concurrent invite may have added some first).
        const addedIds = new Set((inserted.raw as { user_id: string }[]).map((row) => row.user_id));
        links.push(...(await this.mailInvitations(tx, organizationId, invitedBy, added.filter(({ user }) => addedIds.has(user.id)))));
        await this.events.emit(
          tx,
          added
            .filter(({ user }) => addedIds.has(user.id))
            .map(({ user, role }) => ({ type: 'member_added' as const, organizationId, actor: invitedBy, payload: { userId: user.id, role } })),
        );
        await this.jobs.enqueue(
          RecordInvitationsJob,
          { organizationId, invitedBy, invitations: added.map(({ user, email, role }) => ({ userId: user.id, email, role })) },
          { transaction: tx },
        );
      }

      const result: InviteResult = { users: added.map(({ user }) => user.id), invited: added.length, links };
      if (request.sso) result.failedSSOEmails = added.filter(({ user }) => ssoBlocked.has(user.id)).map(({ email }) => email);
      return result;
    });
  }

  /**
   * An invitation link (7 days) per new member, and a mail job for each, in the invitation's
   * transaction: the link exists if and only if the membership does. The link travels sealed.
   */
  private async mailInvitations(
    tx: EntityManager,
    organizationId: string,
    invitedBy: string | null,
    added: { email: string; user: { id: string } }[],
  ): Promise<InviteResult['links']> {
    if (added.length === 0) return [];
    const [{ title, inviter }] = (await tx.query(`SELECT o.title, (SELECT display_name FROM users WHERE id = $2) AS inviter FROM organizations o WHERE o.id = $1`, [
      organizationId,
      invitedBy,
    ])) as { title: string; inviter: string | null }[];
    const links: InviteResult['links'] = [];
    for (const { email, user } of added) {
      const { url } = await this.links.issue(tx, user.id, 'invitation', organizationId);
      await this.jobs.enqueue(
        InvitationMailJob,
        { to: email, sealedUrl: this.keys.encrypt(SEALED_LINK_PURPOSE, url), organizationTitle: title, inviterName: inviter },
        { transaction: tx },
      );
      links.push({ email, url });
    }
    return links;
  }
}
