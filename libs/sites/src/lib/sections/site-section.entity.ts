import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { SiteSectionGroupEntity } from '../section-groups/site-section-group.entity';
import { SiteEntity } from '../sites/site.entity';

/** A section of a site: a top-level entry holding one or more site spaces (variants). */
@Entity('site_sections')
@Index('site_sections_order_idx', ['siteId', 'position', 'id'])
@Index('site_sections_group_idx', ['groupId'])
@Index('site_sections_path_key', ['siteId', 'path'], { unique: true })
export class SiteSectionEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'site_sections_pkey' })
  id: string;

  @Column({ name: 'site_id', type: 'text' })
  siteId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** null: in the root order of the site. */
  @Column({ name: 'group_id', type: 'text', nullable: true })
  groupId: string | null;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Unique within the site. */
  @Column({ type: 'text' })
  path: string;

  @Column({ type: 'text', nullable: true })
  icon: string | null;

  /** A visitor condition (conditions/condition-expression.ts), checked when written. */
  @Column({ type: 'text', nullable: true })
  condition: string | null;

  /** Exactly one section of a site with sections is the default. */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  /** Order key: in the root order of the site, or among the sections of its group. */
  @Column({ type: 'text', collation: 'C' })
  position: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => SiteEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'site_sections_site_fk' })
  site?: Relation<SiteEntity>;

  @ManyToOne(() => SiteSectionGroupEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'site_sections_group_fk' })
  group?: Relation<SiteSectionGroupEntity> | null;
}
