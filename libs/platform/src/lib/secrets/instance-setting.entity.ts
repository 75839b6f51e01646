import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Key/value settings of this installation: the bootstrap marker, signing keys. */
@Entity('instance_settings')
export class InstanceSettingEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'instance_settings_pkey' })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt: Date;
}
