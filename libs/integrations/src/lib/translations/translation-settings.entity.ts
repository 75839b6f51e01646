import { OrganizationEntity } from '@docs/identity';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/** An organization's translation settings: a title and the languages to translate into. */
@Entity('translation_settings')
@Index('translation_settings_organization_idx', ['organizationId', 'createdAt', 'id'])
export class TranslationSettingsEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'translation_settings_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text' })
  title: string;

  /** Canonical BCP 47 tags (Intl.getCanonicalLocales), in the order given. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  languages: string[];

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'translation_settings_organization_fk' })
  organization?: OrganizationEntity;
}
