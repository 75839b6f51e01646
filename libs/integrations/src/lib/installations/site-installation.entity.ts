import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { InstallationEntity } from './installation.entity';
import type { InstallationStatus } from './installation-values';

/**
 * An organization's installation of an integration, turned on for one of its sites. Sites belong
 * to libs/sites (read through SiteDirectory); the foreign key to them comes with that library.
 */
@Entity('integration_site_installations')
@Index('integration_site_installations_list_idx', ['installationId', 'createdAt', 'siteId'])
@Index('integration_site_installations_site_idx', ['siteId'])
@Check('integration_site_installations_status_check', `status IN ('active', 'pending', 'paused')`)
export class SiteInstallationEntity {
  @PrimaryColumn({ name: 'installation_id', type: 'text', primaryKeyConstraintName: 'integration_site_installations_pkey' })
  installationId: string;

  @PrimaryColumn({ name: 'site_id', type: 'text', primaryKeyConstraintName: 'integration_site_installations_pkey' })
  siteId: string;

  @Column({ type: 'text' })
  status: InstallationStatus;

  @Column({ type: 'jsonb' })
  configuration: Record<string, any>;

  @Column({ name: 'external_ids', type: 'text', array: true })
  externalIds: string[];

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => InstallationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'installation_id', foreignKeyConstraintName: 'integration_site_installations_installation_fk' })
  installation?: InstallationEntity;
}
