import { SpaceEntity } from '@docs/content';
import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, Relation } from 'typeorm';

/**
 * A space's Git Sync: the repository it is kept in step with (set by the last export or import
 * request), its sealed credentials, and where the sync stands (the commit and the space revision
 * last known to hold the same content). The reference's `Space.gitSync` is written from it.
 */
@Entity('git_sync_configs')
export class GitSyncConfigEntity {
  @PrimaryColumn({ name: 'space_id', type: 'text', primaryKeyConstraintName: 'git_sync_configs_pkey' })
  spaceId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** The repository's URL, without credentials. */
  @Column({ type: 'text' })
  url: string;

  /** `{username, password}` sealed by EncryptionKeys (purpose `git-sync-credentials`); null: none. */
  @Column({ type: 'text', nullable: true })
  credentials: string | null;

  /** `refs/heads/<branch>` (or a tag for imports). */
  @Column({ type: 'text' })
  ref: string;

  /** The folder of the repository holding the space ('' for its root). */
  @Column({ name: 'project_directory', type: 'text', default: '' })
  projectDirectory: string;

  /** Export to the repository after every merge of a change request (an extension setting). */
  @Column({ name: 'export_on_merge', type: 'boolean', default: false })
  exportOnMerge: boolean;

  @Column({ type: 'text', nullable: true })
  provider: 'github' | 'gitlab' | null;

  /** The URL of the repository's tree (`gitInfo.url` or `repoTreeURL`), shown as `gitSync.url`. */
  @Column({ name: 'tree_url', type: 'text', nullable: true })
  treeUrl: string | null;

  /** Prefix of a commit's URL (`repoCommitURL`): commits are shown as `<prefix><oid>`. */
  @Column({ name: 'commit_url', type: 'text', nullable: true })
  commitUrl: string | null;

  /** The commit last synced, and the space revision that holds the same content. */
  @Column({ name: 'last_commit', type: 'text', nullable: true })
  lastCommit: string | null;

  @Column({ name: 'last_revision_id', type: 'text', nullable: true })
  lastRevisionId: string | null;

  @Column({ name: 'last_synced_at', type: 'timestamptz', precision: 3, nullable: true })
  lastSyncedAt: Date | null;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  /** When the repository's details last changed (the reference's `GitSyncState.updatedAt`). */
  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @OneToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'git_sync_configs_space_fk' })
  space?: Relation<SpaceEntity>;
}
