import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { SpaceEntity } from '../spaces/space.entity';
import type { RecordedKind } from './export-layout';

/**
 * One file of a space as it was last synced with a Git repository (imported or exported): where
 * an item went, so that the next export keeps it there (`planExportLayout`), and what the file
 * was, so that an item that did not change keeps the repository's bytes (Git Sync) and a file
 * changed in the repository is found by its blob id (Git import). Replaced whole at each sync.
 */
@Entity('space_export_files')
@Check('space_export_files_kind_check', `kind IN ('page', 'file', 'include', 'readme', 'summary', 'vars', 'config')`)
export class SpaceExportFileEntity {
  @PrimaryColumn({ name: 'space_id', type: 'text', primaryKeyConstraintName: 'space_export_files_pkey' })
  spaceId: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'space_export_files_pkey' })
  kind: RecordedKind;

  /** The page (or group), file or reusable content id; the kind itself for the singletons. */
  @PrimaryColumn({ name: 'item_id', type: 'text', primaryKeyConstraintName: 'space_export_files_pkey' })
  itemId: string;

  /** Relative to the content root; a group's folder. */
  @Column({ type: 'text' })
  path: string;

  /** Pages: the parent page or group when synced (null: the top level). */
  @Column({ name: 'parent_id', type: 'text', nullable: true })
  parentId: string | null;

  /** Pages: the slug when synced; files: the file name; includes: the title. */
  @Column({ type: 'text', nullable: true })
  name: string | null;

  /** SHA-256 (hex) of what this installation renders for the item, as of the sync (null: not rendered, a group). */
  @Column({ name: 'rendered_sha', type: 'text', nullable: true })
  renderedSha: string | null;

  /** The Git blob id of the file in the synced commit (null: not in a repository). */
  @Column({ type: 'text', nullable: true })
  oid: string | null;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'space_export_files_space_fk' })
  space?: Relation<SpaceEntity>;
}
