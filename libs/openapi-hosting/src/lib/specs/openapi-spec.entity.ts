import { OrganizationEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { OpenApiSpecVersionEntity } from '../versions/openapi-spec-version.entity';

export const SPEC_VISIBILITIES = ['private', 'public'] as const;
export type SpecVisibility = (typeof SPEC_VISIBILITIES)[number];

export const PROCESSING_STATES = ['pending', 'progress', 'complete'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

/** The reference's OpenAPISpecProcessingErrorCode. */
export const PROCESS_ERROR_CODES = ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'] as const;
export type ProcessErrorCode = (typeof PROCESS_ERROR_CODES)[number];

/** One problem of a run, as the reference's OpenAPIErrorObject. */
export interface ProcessError {
  message: string;
  code?: string;
}

/**
 * An organization's hosted OpenAPI spec: its source (a URL fetched by the worker, or a text) and
 * the state of its processing. Versions are separate rows (`OpenApiSpecVersionEntity`); this row
 * points at the newest one. See the migration for the request/lease columns.
 */
@Entity('openapi_specs')
@Index('openapi_specs_slug_key', ['organizationId', 'slug'], { unique: true })
@Index('openapi_specs_list_idx', ['organizationId', 'createdAt', 'id'])
@Index('openapi_specs_refresh_idx', ['lastProcessedAt'], { where: 'source_url IS NOT NULL' })
@Index('openapi_specs_last_version_idx', ['lastVersionId'])
@Check('openapi_specs_source_check', '(source_url IS NULL) <> (source_text IS NULL)')
@Check('openapi_specs_visibility_check', `visibility IN ('private', 'public')`)
@Check('openapi_specs_processing_state_check', `processing_state IN ('pending', 'progress', 'complete')`)
@Check('openapi_specs_error_code_check', `last_process_error_code IN ('FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR')`)
export class OpenApiSpecEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'openapi_specs_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ type: 'text' })
  slug: string;

  @Column({ name: 'source_url', type: 'text', nullable: true })
  sourceUrl: string | null;

  @Column({ name: 'source_text', type: 'text', nullable: true })
  sourceText: string | null;

  @Column({ type: 'text', default: 'private' })
  visibility: SpecVisibility;

  @Column({ name: 'processing_state', type: 'text', default: 'pending' })
  processingState: ProcessingState;

  @Column({ name: 'last_version_id', type: 'text', nullable: true })
  lastVersionId: string | null;

  @Column({ name: 'last_processed_at', type: 'timestamptz', precision: 3, nullable: true })
  lastProcessedAt: Date | null;

  @Column({ name: 'last_process_error_code', type: 'text', nullable: true })
  lastProcessErrorCode: ProcessErrorCode | null;

  @Column({ name: 'last_process_errors', type: 'jsonb', nullable: true })
  lastProcessErrors: ProcessError[] | null;

  /** Runs asked for so far (a counter); `processDone` is the request the last finished run covered. */
  @Column({ name: 'process_requested', type: 'integer', default: 1 })
  processRequested: number;

  @Column({ name: 'process_done', type: 'integer', default: 0 })
  processDone: number;

  /** When the latest run was asked for. */
  @Column({ name: 'requested_at', type: 'timestamptz', precision: 3 })
  requestedAt: Date;

  /** The job processing it now, until `leaseUntil`. */
  @Column({ name: 'lease_job', type: 'text', nullable: true })
  leaseJob: string | null;

  @Column({ name: 'lease_until', type: 'timestamptz', precision: 3, nullable: true })
  leaseUntil: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'openapi_specs_organization_fk' })
  organization?: OrganizationEntity;

  @ManyToOne(() => OpenApiSpecVersionEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'last_version_id', foreignKeyConstraintName: 'openapi_specs_last_version_fk' })
  lastVersion?: Relation<OpenApiSpecVersionEntity>;
}
