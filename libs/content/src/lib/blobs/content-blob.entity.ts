import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** Bytes stored once by their SHA-256: page documents and uploaded files. Never updated. */
@Entity('content_blobs')
@Check('content_blobs_size_check', 'size >= 0')
export class ContentBlobEntity {
  /** SHA-256 of `data`, lower-case hex. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'content_blobs_pkey' })
  hash: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'bytea' })
  data: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
