import { SpaceEntity } from '@docs/content';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { SiteSectionEntity } from '../sections/site-section.entity';
import { SiteEntity } from '../sites/site.entity';

/** A space published in a site: at the root of a site without sections, or as a variant of a section. */
@Entity('site_spaces')
@Index('site_spaces_order_idx', ['siteId', 'sectionId', 'position', 'id'])
@Index('site_spaces_section_idx', ['sectionId'])
@Index('site_spaces_space_idx', ['spaceId', 'siteId'])
export class SiteSpaceEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'site_spaces_pkey' })
  id: string;

  @Column({ name: 'site_id', type: 'text' })
  siteId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** null: at the root of a site without sections. */
  @Column({ name: 'section_id', type: 'text', nullable: true })
  sectionId: string | null;

  @Column({ name: 'space_id', type: 'text' })
  spaceId: string;

  /** Unique among the site spaces of the same section (or of the root). */
  @Column({ type: 'text' })
  path: string;

  @Column({ type: 'text', nullable: true })
  condition: string | null;

  /** Exactly one site space of each section (or of the root) is the default. */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  /** Order key among the site spaces of its section (or of the root). */
  @Column({ type: 'text', collation: 'C' })
  position: string;

  /** What this site space overrides of the site's customization (null: nothing). */
  @Column({ type: 'jsonb', nullable: true })
  customization: object | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => SiteEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'site_spaces_site_fk' })
  site?: Relation<SiteEntity>;

  @ManyToOne(() => SiteSectionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'section_id', foreignKeyConstraintName: 'site_spaces_section_fk' })
  section?: Relation<SiteSectionEntity> | null;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'site_spaces_space_fk' })
  space?: Relation<SpaceEntity>;
}
