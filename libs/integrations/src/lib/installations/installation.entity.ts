import { OrganizationEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { IntegrationEntity } from '../integrations/integration.entity';
import type { InstallationSelection, InstallationStatus } from './installation-values';

/** An integration installed on an organization (the "account" level); at most one per organization. */
@Entity('integration_installations')
@Unique('integration_installations_organization_uq', ['integrationName', 'organizationId'])
@Index('integration_installations_list_idx', ['integrationName', 'createdAt', 'id'])
@Index('integration_installations_organization_idx', ['organizationId'])
@Index('integration_installations_external_ids_idx', { synchronize: false })
@Check('integration_installations_status_check', `status IN ('active', 'pending', 'paused')`)
@Check('integration_installations_space_selection_check', `space_selection IN ('all', 'selected')`)
@Check('integration_installations_site_selection_check', `site_selection IN ('all', 'selected')`)
export class InstallationEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'integration_installations_pkey' })
  id: string;

  @Column({ name: 'integration_name', type: 'text' })
  integrationName: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text' })
  status: InstallationStatus;

  @Column({ type: 'jsonb' })
  configuration: Record<string, any>;

  @Column({ name: 'external_ids', type: 'text', array: true })
  externalIds: string[];

  @Column({ name: 'space_selection', type: 'text' })
  spaceSelection: InstallationSelection;

  @Column({ name: 'site_selection', type: 'text' })
  siteSelection: InstallationSelection;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => IntegrationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'integration_name', foreignKeyConstraintName: 'integration_installations_integration_fk' })
  integration?: IntegrationEntity;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'integration_installations_organization_fk' })
  organization?: OrganizationEntity;
}
