import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { SiteEntity } from '../sites/site.entity';

/**
 * A secret link to a share-link site. The key is never stored in clear: `keyHmac` finds the link
 * by its key, `keyEncrypted` lets `urls.published` show it (EncryptionKeys, under keys from
 * configuration, so a database dump reveals neither).
 */
@Entity('site_share_links')
@Index('site_share_links_site_idx', ['siteId', 'createdAt', 'id'])
@Index('site_share_links_key_hmac_key', ['keyHmac'], { unique: true })
export class ShareLinkEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'site_share_links_pkey' })
  id: string;

  @Column({ name: 'site_id', type: 'text' })
  siteId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'key_hmac', type: 'text' })
  keyHmac: string;

  @Column({ name: 'key_encrypted', type: 'text' })
  keyEncrypted: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => SiteEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'site_share_links_site_fk' })
  site?: Relation<SiteEntity>;
}
