import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';

@Entity('teams')
@Index('teams_organization_idx', ['organizationId', 'createdAt', 'id'])
export class TeamEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'teams_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'teams_organization_fk' })
  organization?: OrganizationEntity;
}
