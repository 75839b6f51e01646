import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { ContentBlobEntity } from '../blobs/content-blob.entity';
import { SpaceEntity } from '../spaces/space.entity';

/**
 * A page's markdown as an import got it, kept so that the page reads back byte for byte while
 * nobody changed what it renders (`KeptPageSources`). One per page of the space, written by the
 * importer in its transaction; gone with the space.
 */
@Entity('page_import_sources')
// Who still uses a blob (space purges), and the foreign key's check when a blob is deleted.
@Index('page_import_sources_source_idx', ['sourceHash'])
export class PageImportSourceEntity {
  @PrimaryColumn({ name: 'space_id', type: 'text', primaryKeyConstraintName: 'page_import_sources_pkey' })
  spaceId: string;

  @PrimaryColumn({ name: 'page_id', type: 'text', primaryKeyConstraintName: 'page_import_sources_pkey' })
  pageId: string;

  /** The blob of the file's body (UTF-8): without front matter and title heading, as a page read gives a body. */
  @Column({ name: 'source_hash', type: 'text' })
  sourceHash: string;

  /** SHA-256 (hex) of the page's markdown as a page read rendered it right after the import. */
  @Column({ name: 'rendered_sha', type: 'text' })
  renderedSha: string;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'page_import_sources_space_fk' })
  space?: Relation<SpaceEntity>;

  @ManyToOne(() => ContentBlobEntity)
  @JoinColumn({ name: 'source_hash', foreignKeyConstraintName: 'page_import_sources_source_fk' })
  source?: Relation<ContentBlobEntity>;
}
