import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { MemberRoleOrGuest } from '../members/member-role';
import { OrganizationEntity } from '../organizations/organization.entity';
import { TeamEntity } from '../teams/team.entity';

/** An identity provider members of an organization can sign in with. */
@Entity('saml_providers')
@Index('saml_providers_organization_idx', ['organizationId', 'createdAt', 'id'])
@Check('saml_providers_default_role_check', `default_role IN ('admin', 'create', 'review', 'edit', 'comment', 'read')`)
export class SamlProviderEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'saml_providers_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text' })
  label: string;

  /** The identity provider's entity id; null until configured. */
  @Column({ name: 'entity_id', type: 'text', nullable: true })
  entityId: string | null;

  /** PEM X.509 certificate the identity provider signs with; null until configured. */
  @Column({ type: 'text', nullable: true })
  certificate: string | null;

  @Column({ name: 'sso_url', type: 'text', nullable: true })
  ssoUrl: string | null;

  @Column({ name: 'default_team_id', type: 'text', nullable: true })
  defaultTeamId: string | null;

  /** Role given to users who join through this provider; null makes them guests. */
  @Column({ name: 'default_role', type: 'text', nullable: true })
  defaultRole: MemberRoleOrGuest;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'saml_providers_organization_fk' })
  organization?: OrganizationEntity;

  @ManyToOne(() => TeamEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'default_team_id', foreignKeyConstraintName: 'saml_providers_default_team_fk' })
  defaultTeam?: TeamEntity | null;
}
