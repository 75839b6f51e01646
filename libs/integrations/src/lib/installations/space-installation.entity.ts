import { SpaceEntity } from '@docs/content';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { InstallationEntity } from './installation.entity';
import type { InstallationStatus } from './installation-values';

/** An organization's installation of an integration, turned on for one of its spaces. */
@Entity('integration_space_installations')
@Index('integration_space_installations_list_idx', ['installationId', 'createdAt', 'spaceId'])
@Index('integration_space_installations_space_idx', ['spaceId'])
@Check('integration_space_installations_status_check', `status IN ('active', 'pending', 'paused')`)
export class SpaceInstallationEntity {
  @PrimaryColumn({ name: 'installation_id', type: 'text', primaryKeyConstraintName: 'integration_space_installations_pkey' })
  installationId: string;

  @PrimaryColumn({ name: 'space_id', type: 'text', primaryKeyConstraintName: 'integration_space_installations_pkey' })
  spaceId: string;

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
  @JoinColumn({ name: 'installation_id', foreignKeyConstraintName: 'integration_space_installations_installation_fk' })
  installation?: InstallationEntity;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'integration_space_installations_space_fk' })
  space?: SpaceEntity;
}
