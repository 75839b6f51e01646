import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { MemberEntity } from '../members/member.entity';
import { TeamEntity } from './team.entity';
import type { TeamRole } from './team-role';

/**
 * A member of an organization in one of its teams. The foreign key to the membership makes
 * leaving the organization leave its teams too.
 */
@Entity('team_members')
@Index('team_members_member_idx', ['organizationId', 'userId'])
@Index('team_members_list_idx', ['teamId', 'createdAt', 'userId'])
@Check('team_members_role_check', `role IN ('owner', 'member')`)
export class TeamMemberEntity {
  @PrimaryColumn({ name: 'team_id', type: 'text', primaryKeyConstraintName: 'team_members_pkey' })
  teamId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', primaryKeyConstraintName: 'team_members_pkey' })
  userId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text' })
  role: TeamRole;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => TeamEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'team_members_team_fk' })
  team?: TeamEntity;

  @ManyToOne(() => MemberEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'organization_id', referencedColumnName: 'organizationId', foreignKeyConstraintName: 'team_members_member_fk' },
    { name: 'user_id', referencedColumnName: 'userId', foreignKeyConstraintName: 'team_members_member_fk' },
  ])
  member?: MemberEntity;
}
