import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { ContentBlobEntity } from '../blobs/content-blob.entity';

/** One version of one file of a revision. Never updated; revisions list the entries they hold. */
@Entity('file_entries')
@Index('file_entries_file_idx', ['fileId'])
// Who still uses a blob (space purges), and the foreign key's check when a blob is deleted.
@Index('file_entries_blob_idx', ['blobHash'])
export class FileEntryEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'file_entries_pkey' })
  id: string;

  /** The file's identity, stable across its versions. */
  @Column({ name: 'file_id', type: 'text' })
  fileId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'integer', nullable: true })
  width: number | null;

  @Column({ type: 'integer', nullable: true })
  height: number | null;

  @Column({ name: 'blob_hash', type: 'text' })
  blobHash: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => ContentBlobEntity)
  @JoinColumn({ name: 'blob_hash', foreignKeyConstraintName: 'file_entries_blob_fk' })
  blob?: Relation<ContentBlobEntity>;
}
