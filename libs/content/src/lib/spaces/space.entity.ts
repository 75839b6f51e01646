import { type MergeRulesSpace, OrganizationEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { CollectionEntity } from '../collections/collection.entity';
import type { DefaultLevel } from '../permissions/content-permissions';
import { RevisionEntity } from '../revisions/revision.entity';

export const CONTENT_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export type ContentVisibility = (typeof CONTENT_VISIBILITIES)[number];

/** The reference's GitSyncState (`Space.gitSync`, `GET .../git/info`). */
export interface SpaceGitSyncState {
  repoName?: string;
  installationProvider?: 'github' | 'gitlab' | 'github-legacy';
  integration?: string;
  url?: string;
  updatedAt?: string;
}

export const SPACE_EDIT_MODES = ['live', 'locked'] as const;
export type SpaceEditMode = (typeof SPACE_EDIT_MODES)[number];

/** A space: a container of documentation content, with its current revision. */
@Entity('spaces')
// (organization_id, COALESCE(parent_id, ''), position, id) WHERE deleted_at IS NULL: siblings in
// their stored order. An expression index, which TypeORM cannot describe: the migration owns it.
@Index('spaces_sibling_order_idx', { synchronize: false })
@Index('spaces_organization_created_idx', ['organizationId', 'createdAt', 'id'], { where: 'deleted_at IS NULL' })
@Index('spaces_parent_idx', ['parentId'])
// The check of spaces_revision_fk when revisions are deleted (space purges).
@Index('spaces_revision_idx', ['revisionId'])
// The purge sweep: spaces deleted more than 7 days ago (deleted spaces only: a small index).
@Index('spaces_deleted_idx', ['deletedAt'], { where: 'deleted_at IS NOT NULL' })
@Check('spaces_visibility_check', `visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private')`)
@Check('spaces_edit_mode_check', `edit_mode IN ('live', 'locked')`)
@Check('spaces_default_level_check', `default_level IN ('admin', 'create', 'review', 'edit', 'comment', 'read', 'inherit')`)
@Check(
  'spaces_counts_check',
  'comments >= 0 AND change_requests >= 0 AND change_requests_open >= 0 AND change_requests_draft >= 0',
)
export class SpaceEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'spaces_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** null: at the top level of the organization. */
  @Column({ name: 'parent_id', type: 'text', nullable: true })
  parentId: string | null;

  @Column({ type: 'text' })
  title: string;

  /** '' when the space has none. */
  @Column({ type: 'text', default: '' })
  emoji: string;

  @Column({ name: 'icon_url', type: 'text', nullable: true })
  iconUrl: string | null;

  @Column({ type: 'text', default: 'private' })
  visibility: ContentVisibility;

  @Column({ name: 'edit_mode', type: 'text', default: 'live' })
  editMode: SpaceEditMode;

  /** What a change request needs before merge; `inherit` takes the organization's. */
  @Column({ name: 'merge_rules', type: 'jsonb', default: () => `'{"type": "inherit"}'` })
  mergeRules: MergeRulesSpace;

  /** A role caps the members' level, 'inherit' takes the parent's, null: members get no access. */
  @Column({ name: 'default_level', type: 'text', nullable: true, default: 'inherit' })
  defaultLevel: DefaultLevel;

  @Column({ type: 'text', nullable: true })
  language: string | null;

  /** Order key among its siblings (see ordering/order-key.ts). */
  @Column({ type: 'text', collation: 'C' })
  position: string;

  /** The current revision. */
  @Column({ name: 'revision_id', type: 'text' })
  revisionId: string;

  /** Open comments; kept true by the collaboration domain. */
  @Column({ type: 'integer', default: 0 })
  comments: number;

  @Column({ name: 'change_requests', type: 'integer', default: 0 })
  changeRequests: number;

  @Column({ name: 'change_requests_open', type: 'integer', default: 0 })
  changeRequestsOpen: number;

  @Column({ name: 'change_requests_draft', type: 'integer', default: 0 })
  changeRequestsDraft: number;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  /**
   * The reference's `Space.gitSync` (GitSyncState: repository, provider, URL, last update) when
   * the space is synced with a Git repository; null otherwise. Written by libs/git-sync with each
   * change of its configuration, so space reads need no join.
   */
  @Column({ name: 'git_sync', type: 'jsonb', nullable: true })
  gitSync: SpaceGitSyncState | null;

  /** Set by DELETE: hidden everywhere, restorable for 7 days. */
  @Column({ name: 'deleted_at', type: 'timestamptz', precision: 3, nullable: true })
  deletedAt: Date | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'spaces_organization_fk' })
  organization?: Relation<OrganizationEntity>;

  @ManyToOne(() => CollectionEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'parent_id', foreignKeyConstraintName: 'spaces_parent_fk' })
  parent?: Relation<CollectionEntity>;

  @ManyToOne(() => RevisionEntity, { deferrable: 'INITIALLY DEFERRED' })
  @JoinColumn({ name: 'revision_id', foreignKeyConstraintName: 'spaces_revision_fk' })
  revision?: Relation<RevisionEntity>;
}
