import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { SiteEntity } from '../sites/site.entity';

/** Where a redirect leads: the reference's `SiteRedirectDestination`. */
export type SiteRedirectDestination =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string };

/** A path below a site that its server answers with a permanent redirect to a section, a site space or a page. */
@Entity('site_redirects')
@Index('site_redirects_source_key', ['siteId', 'source'], { unique: true })
export class SiteRedirectEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'site_redirects_pkey' })
  id: string;

  @Column({ name: 'site_id', type: 'text' })
  siteId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** The path below the site's root, starting with `/` (the reference's `SiteRedirectSourcePath`). */
  @Column({ type: 'text' })
  source: string;

  @Column({ type: 'jsonb' })
  destination: SiteRedirectDestination;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => SiteEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'site_redirects_site_fk' })
  site?: Relation<SiteEntity>;
}
