import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { SiteEntity } from '../sites/site.entity';

/** A titled group of sections; it sits in the root order of its site. */
@Entity('site_section_groups')
@Index('site_section_groups_order_idx', ['siteId', 'position', 'id'])
export class SiteSectionGroupEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'site_section_groups_pkey' })
  id: string;

  @Column({ name: 'site_id', type: 'text' })
  siteId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', nullable: true })
  icon: string | null;

  /** Order key in the root order of the site (groups and sections without a group). */
  @Column({ type: 'text', collation: 'C' })
  position: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => SiteEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'site_section_groups_site_fk' })
  site?: Relation<SiteEntity>;
}
