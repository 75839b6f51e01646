import { Injectable, Logger } from '@nestjs/common';
import { Clock, EventOutbox } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import { MemberEntity } from '../members/member.entity';
import { TeamMemberEntity } from '../teams/team-member.entity';
import { withTeamMemberEvents } from '../teams/team-member-events';
import type { ConfiguredSamlProvider } from './saml-provider.presenter';
import { OTHER_ORGANIZATION_ANSWER, SamlRefusal } from './saml-refusal';

/**
 * Who a provider may sign in, and just-in-time membership. A provider is its organization's
 * admins' to configure: it may sign in people of that organization only, never someone who also
 * belongs to another one (its admins would reach that other organization's content by asserting
 * the address). A person of no organization yet becomes a member (`sso`) with the provider's
 * default role, in its default team when it has one; a member keeps their role and teams.
 */
@Injectable()
export class SamlMembership {
  private readonly logger = new Logger('SamlSignIn');

  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox,
  ) {}

  /** In the sign-in's transaction; answers whether the person joined the organization now. */
  async admit(tx: EntityManager, provider: ConfiguredSamlProvider, userId: string): Promise<boolean> {
    const organizations = ((await tx.query(`SELECT organization_id FROM organization_members WHERE user_id = $1`, [userId])) as { organization_id: string }[]).map(
      (row) => row.organization_id,
    );
    if (organizations.some((organizationId) => organizationId !== provider.organizationId)) {
      throw new SamlRefusal('the person belongs to another organization as well', OTHER_ORGANIZATION_ANSWER);
    }
    if (organizations.length > 0) return false;

    const organizationId = provider.organizationId;
    const inserted = await tx
      .createQueryBuilder()
      .insert()
      .into(MemberEntity)
      .values({ organizationId, userId, role: provider.defaultRole, disabled: false, sso: true, joinedAt: this.clock.now(), lastSeenAt: null })
      .orIgnore()
      .returning('user_id')
      .execute();
    // A concurrent sign-in of the same person made them a member first.
    if ((inserted.raw as unknown[]).length === 0) return false;
    await this.events.emit(tx, { type: 'member_added', organizationId, actor: userId, payload: { userId, role: provider.defaultRole } });
    if (provider.defaultTeamId) {
      const teamId = provider.defaultTeamId;
      await withTeamMemberEvents(tx, this.events, { organizationId, teamId, actor: userId }, [userId], async () => {
        await tx
          .createQueryBuilder()
          .insert()
          .into(TeamMemberEntity)
          .values({ teamId, userId, organizationId, role: 'member', createdAt: this.clock.now() })
          .orIgnore()
          .execute();
      });
    }
    this.logger.log({ userId, organizationId, samlProviderId: provider.id, role: provider.defaultRole, teamId: provider.defaultTeamId ?? undefined }, 'member joined through SAML');
    return true;
  }
}
