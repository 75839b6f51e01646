import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { IntegrationEntity } from './integration.entity';

/** An image of an integration (its icon or a preview), checked to be a real image when published. */
@Entity('integration_assets')
@Index('integration_assets_integration_idx', ['integrationName'])
export class IntegrationAssetEntity {
  /** Random: the asset URL is unguessable, so it reveals nothing of a private integration. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'integration_assets_pkey' })
  id: string;

  @Column({ name: 'integration_name', type: 'text' })
  integrationName: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'bytea' })
  data: Buffer;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => IntegrationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'integration_name', foreignKeyConstraintName: 'integration_assets_integration_fk' })
  integration?: IntegrationEntity;
}
