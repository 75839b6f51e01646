import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { SiteEntity } from '../sites/site.entity';

/** What an event says beyond who and when: the columns raw events and daily rollups share. */
export abstract class InsightDimensions {
  @Column({ name: 'site_id', type: 'text' }) siteId: string;
  @Column({ name: 'occurred_at', type: 'timestamptz', precision: 3 }) occurredAt: Date;
  @Column({ type: 'text' }) type: string;
  @Column({ type: 'text' }) url: string;
  @Column({ name: 'display_context', type: 'text', default: 'site' }) displayContext: string;
  @Column({ name: 'site_section_id', type: 'text', nullable: true }) siteSectionId: string | null;
  @Column({ name: 'site_space_id', type: 'text', nullable: true }) siteSpaceId: string | null;
  @Column({ name: 'site_share_key_id', type: 'text', nullable: true }) siteShareKeyId: string | null;
  @Column({ name: 'space_id', type: 'text', nullable: true }) spaceId: string | null;
  @Column({ name: 'revision_id', type: 'text', nullable: true }) revisionId: string | null;
  @Column({ name: 'page_id', type: 'text', nullable: true }) pageId: string | null;
  @Column({ type: 'text', default: '' }) referrer: string;
  @Column({ type: 'text', nullable: true }) language: string | null;
  @Column({ type: 'text', default: 'unknown' }) browser: string;
  @Column({ type: 'text', default: 'unknown' }) device: string;
  @Column({ type: 'text', default: 'unknown' }) os: string;
  @Column({ type: 'text', nullable: true }) bot: string | null;
  @Column({ type: 'jsonb', nullable: true }) claims: Record<string, unknown> | null;
  @Column({ name: 'search_query', type: 'text', nullable: true }) searchQuery: string | null;
  @Column({ name: 'search_results', type: 'integer', nullable: true }) searchResults: number | null;
  @Column({ name: 'feedback_rating', type: 'text', nullable: true }) feedbackRating: string | null;
  @Column({ name: 'feedback_comment', type: 'text', nullable: true }) feedbackComment: string | null;
  @Column({ name: 'link_kind', type: 'text', nullable: true }) linkKind: string | null;
  @Column({ name: 'link_target', type: 'jsonb', nullable: true }) linkTarget: Record<string, unknown> | null;
  @Column({ name: 'link_domain', type: 'text', nullable: true }) linkDomain: string | null;
  @Column({ name: 'link_position', type: 'text', nullable: true }) linkPosition: string | null;
  @Column({ type: 'jsonb', nullable: true }) details: Record<string, unknown> | null;
}

/** One thing a reader did on a published site; the visitor and the session are hashes under the day's salt. */
@Entity('site_insight_events')
@Index('site_insight_events_site_time_idx', ['siteId', 'occurredAt'])
// BRIN (the drift check does not compare index methods: sites-schema.spec.ts checks it).
@Index('site_insight_events_time_idx', { synchronize: false })
export class SiteInsightEventEntity extends InsightDimensions {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'site_insight_events_pkey' })
  id: string;

  @Column({ name: 'visitor_id', type: 'text' }) visitorId: string;
  @Column({ name: 'session_id', type: 'text' }) sessionId: string;
  /** Identical events of one visitor handed over in one batch, written as one row. */
  @Column({ type: 'integer', default: 1 }) events: number;

  @ManyToOne(() => SiteEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'site_insight_events_site_fk' })
  site?: Relation<SiteEntity>;
}

/** Raw events of one UTC day (`occurredAt`: its start) with the same dimensions, counted. */
@Entity('site_insight_rollups')
@Index('site_insight_rollups_site_time_idx', ['siteId', 'occurredAt'])
@Index('site_insight_rollups_site_type_time_idx', ['siteId', 'type', 'occurredAt'])
export class SiteInsightRollupEntity extends InsightDimensions {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'site_insight_rollups_pkey' })
  id: string;

  @Column({ type: 'integer' }) events: number;
  @Column({ type: 'integer' }) visitors: number;
  @Column({ type: 'integer' }) sessions: number;

  @ManyToOne(() => SiteEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'site_insight_rollups_site_fk' })
  site?: Relation<SiteEntity>;
}

/** The salt of one UTC day's visitor hashes. */
@Entity('site_insight_salts')
export class SiteInsightSaltEntity {
  @Column({ type: 'date', primary: true, primaryKeyConstraintName: 'site_insight_salts_pkey' }) day: string;
  @Column({ type: 'bytea' }) salt: Buffer;
}
