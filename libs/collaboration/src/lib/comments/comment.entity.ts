import { SpaceEntity } from '@docs/content';
import { OrganizationEntity, UserEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { ChangeRequestEntity } from '../change-requests/change-request.entity';

export const COMMENT_STATUSES = ['open', 'resolved'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/**
 * A comment on a space's content or on a change request's (`threadKey`, see CommentThreadEntity).
 * Its body is the reference's JSONDocument. The page it is about is recorded as it was when it
 * was posted (`page*`), so that `outdated` can be told and a page deleted later still has a
 * title; `replies` is kept by a trigger on `comment_replies`.
 */
@Entity('comments')
@Index('comments_list_idx', ['threadKey', 'postedAt', 'id'])
@Index('comments_status_idx', ['threadKey', 'status', 'postedAt', 'id'])
@Index('comments_page_idx', ['threadKey', 'pageId', 'postedAt', 'id'])
@Index('comments_author_idx', ['threadKey', 'postedBy', 'postedAt', 'id'])
@Index('comments_space_idx', ['spaceId'])
@Index('comments_change_request_idx', ['changeRequestId'])
@Check('comments_status_check', `status IN ('open', 'resolved')`)
@Check('comments_resolved_check', `(status = 'resolved') = (resolved_at IS NOT NULL)`)
@Check('comments_replies_check', `replies >= 0`)
@Check('comments_thread_check', `thread_key = COALESCE(change_request_id, space_id)`)
@Check('comments_node_check', `node_id IS NULL OR page_id IS NOT NULL`)
export class CommentEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'comments_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ name: 'space_id', type: 'text' })
  spaceId: string;

  @Column({ name: 'change_request_id', type: 'text', nullable: true })
  changeRequestId: string | null;

  @Column({ name: 'thread_key', type: 'text' })
  threadKey: string;

  @Column({ name: 'posted_by', type: 'text' })
  postedBy: string;

  /** The reference's JSONDocument. */
  @Column({ type: 'jsonb' })
  body: Record<string, unknown>;

  @Column({ type: 'text', default: 'open' })
  status: CommentStatus;

  @Column({ name: 'resolved_at', type: 'timestamptz', precision: 3, nullable: true })
  resolvedAt: Date | null;

  /** Null when open, or once the account of whoever resolved it is deleted. */
  @Column({ name: 'resolved_by', type: 'text', nullable: true })
  resolvedBy: string | null;

  @Column({ type: 'integer', default: 0 })
  replies: number;

  /** The head's revision when the comment was posted (`target.revision`). */
  @Column({ name: 'revision_id', type: 'text' })
  revisionId: string;

  @Column({ name: 'page_id', type: 'text', nullable: true })
  pageId: string | null;

  @Column({ name: 'page_title', type: 'text', nullable: true })
  pageTitle: string | null;

  @Column({ name: 'page_emoji', type: 'text', nullable: true })
  pageEmoji: string | null;

  @Column({ name: 'page_path', type: 'text', nullable: true })
  pagePath: string | null;

  /** The page's body (content hash) when the comment was posted: `outdated` once it differs. */
  @Column({ name: 'page_document_hash', type: 'text', nullable: true })
  pageDocumentHash: string | null;

  @Column({ name: 'node_id', type: 'text', nullable: true })
  nodeId: string | null;

  /** The commented node's text when the comment was posted. */
  @Column({ name: 'node_preview', type: 'text', nullable: true })
  nodePreview: string | null;

  @Column({ name: 'posted_at', type: 'timestamptz', precision: 3 })
  postedAt: Date;

  @Column({ name: 'edited_at', type: 'timestamptz', precision: 3, nullable: true })
  editedAt: Date | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'comments_organization_fk' })
  organization?: Relation<OrganizationEntity>;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'comments_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => ChangeRequestEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'change_request_id', foreignKeyConstraintName: 'comments_change_request_fk' })
  changeRequest?: Relation<ChangeRequestEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'posted_by', foreignKeyConstraintName: 'comments_posted_by_fk' })
  author?: Relation<UserEntity>;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'resolved_by', foreignKeyConstraintName: 'comments_resolved_by_fk' })
  resolver?: Relation<UserEntity>;
}
