import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { OpenApiSpecVersionEntity } from './openapi-spec-version.entity';

/** One file of a version: its bytes as fetched (served at the version's URL) and its parsed document. */
@Entity('openapi_spec_files')
export class OpenApiSpecFileEntity {
  @PrimaryColumn({ name: 'version_id', type: 'text', primaryKeyConstraintName: 'openapi_spec_files_pkey' })
  versionId: string;

  /** Relative to the version's root folder ("openapi.yaml", "schemas/pet.yaml"). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'openapi_spec_files_pkey' })
  path: string;

  @Column({ name: 'media_type', type: 'text' })
  mediaType: string;

  @Column({ type: 'text' })
  text: string;

  /** The document as parsed (json keeps the order of keys). */
  @Column({ type: 'json' })
  document: unknown;

  @ManyToOne(() => OpenApiSpecVersionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'version_id', foreignKeyConstraintName: 'openapi_spec_files_version_fk' })
  version?: Relation<OpenApiSpecVersionEntity>;
}
