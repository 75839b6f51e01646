import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { OpenApiSpecEntity } from '../specs/openapi-spec.entity';

/** One immutable version of a spec: made by a run whose files differ from the previous version's. */
@Entity('openapi_spec_versions')
@Index('openapi_spec_versions_list_idx', ['specId', 'createdAt', 'id'])
export class OpenApiSpecVersionEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'openapi_spec_versions_pkey' })
  id: string;

  @Column({ name: 'spec_id', type: 'text' })
  specId: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** SHA-256 (hex) over every file's path and bytes: what "the content changed" compares. */
  @Column({ name: 'content_hash', type: 'text' })
  contentHash: string;

  /** Path of the entry file among the version's files. */
  @Column({ type: 'text' })
  entry: string;

  /** The URL the entry was fetched from (null: a text source). */
  @Column({ name: 'source_url', type: 'text', nullable: true })
  sourceUrl: string | null;

  @Column({ type: 'integer' })
  files: number;

  @Column({ type: 'integer' })
  bytes: number;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @ManyToOne(() => OpenApiSpecEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'spec_id', foreignKeyConstraintName: 'openapi_spec_versions_spec_fk' })
  spec?: Relation<OpenApiSpecEntity>;
}
