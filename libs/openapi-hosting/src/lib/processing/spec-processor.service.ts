import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, newId, SafeFetcher } from '@docs/platform';
import { DataSource } from 'typeorm';
import type { ProcessErrorCode, ProcessError } from '../specs/openapi-spec.entity';
import { MEDIA_TYPES } from './spec-documents';
import { specContentHash } from './spec-content-hash';
import { LoadedSpec, loadText, loadUrl, SpecLimits } from './spec-loader';
import { SpecProblem } from './spec-problem';
import { validateSpec } from './spec-validation';
import { LEASE_SECONDS, RUN_TIMEOUT_MS } from './spec-jobs';

/** What one run of a spec did. */
export type RunOutcome =
  | { kind: 'version'; versionId: string }
  | { kind: 'unchanged'; versionId: string }
  | { kind: 'failed'; code: ProcessErrorCode; retrying: boolean };

export interface ProcessResult {
  /** Each run this job made (a new request while running makes another), in order. */
  runs: RunOutcome[];
}

/** A retryable failure the job should be retried for (after it was recorded on the spec). */
export class RetryableSpecFailure extends Error {
  constructor(readonly problem: SpecProblem) {
    super(problem.message);
    this.name = 'RetryableSpecFailure';
  }
}

interface Claim {
  requested: number;
  sourceUrl: string | null;
  sourceText: string | null;
}

/**
 * Runs a spec (the worker's fetch job): claims it with a lease so that one job processes a spec at
 * a time, fetches and validates it outside any transaction, then records the outcome in one
 * transaction that still holds the lease. A new version is stored only when the content hash
 * differs from the latest version's; a failure keeps the latest version and records its code,
 * sentences and time. Requests that arrived during the run make this job run again; a job that
 * finds the spec leased by another leaves the work to it.
 */
@Injectable()
export class SpecProcessor {
  private readonly logger = new Logger('SpecProcessor');
  private readonly limits: SpecLimits;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly fetcher: SafeFetcher,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limits = { maxBytes: config.openapi.maxBytes, maxFiles: config.openapi.maxFiles };
  }

  /**
   * `finalAttempt`: no retry follows this one, so a retryable failure is recorded as the run's
   * result (the job then fails, and stays failed for the operator to see).
   */
  async process(specId: string, jobId: string, options: { finalAttempt: boolean; signal?: AbortSignal }): Promise<ProcessResult> {
    const runs: RunOutcome[] = [];
    for (;;) {
      const claim = await this.claim(specId, jobId);
      if (!claim) return { runs };
      const signal = AbortSignal.any([AbortSignal.timeout(RUN_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])]);
      let loaded: LoadedSpec | undefined;
      let problem: SpecProblem | undefined;
      try {
        loaded = claim.sourceUrl !== null ? await loadUrl(this.fetcher, claim.sourceUrl, this.limits, signal) : loadText(claim.sourceText!, this.limits);
        await validateSpec(loaded);
      } catch (error) {
        if (!(error instanceof SpecProblem)) {
          await this.release(specId, jobId);
          throw error;
        }
        problem = error;
      }
      const retrying = problem !== undefined && problem.retryable && !options.finalAttempt;
      const outcome = loaded && !problem ? await this.recordVersion(specId, jobId, claim, loaded) : await this.recordFailure(specId, jobId, claim, problem!, retrying);
      if (!outcome) return { runs }; // the lease was lost (this run outlived it): the run that took over records
      runs.push(outcome);
      this.logger.log({ specId, jobId, outcome }, 'OpenAPI spec processed');
      if (problem && problem.retryable) throw new RetryableSpecFailure(problem);
    }
  }

  /** Takes the spec for this job when a run is due and no other job holds it. */
  private async claim(specId: string, jobId: string): Promise<Claim | undefined> {
    // TypeORM answers an UPDATE with [rows, count].
    const [[row]]: [{ process_requested: number; source_url: string | null; source_text: string | null }[]] = await this.dataSource.query(
      `UPDATE openapi_specs
          SET lease_job = $2, lease_until = now() + $3 * interval '1 second', processing_state = 'progress'
        WHERE id = $1 AND process_done < process_requested
          AND (lease_until IS NULL OR lease_until < now() OR lease_job = $2)
        RETURNING process_requested, source_url, source_text`,
      [specId, jobId, LEASE_SECONDS],
    );
    return row ? { requested: row.process_requested, sourceUrl: row.source_url, sourceText: row.source_text } : undefined;
  }

  private async release(specId: string, jobId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE openapi_specs SET lease_job = NULL, lease_until = NULL, processing_state = 'pending' WHERE id = $1 AND lease_job = $2`,
      [specId, jobId],
    );
  }

  private async recordVersion(specId: string, jobId: string, claim: Claim, spec: LoadedSpec): Promise<RunOutcome | undefined> {
    const hash = specContentHash(spec.files);
    return this.dataSource.transaction(async (tx) => {
      const [row]: { organization_id: string; last_version_id: string | null; last_hash: string | null }[] = await tx.query(
        `SELECT s.organization_id, s.last_version_id, v.content_hash AS last_hash
           FROM openapi_specs s LEFT JOIN openapi_spec_versions v ON v.id = s.last_version_id
          WHERE s.id = $1 AND s.lease_job = $2 FOR UPDATE OF s`,
        [specId, jobId],
      );
      if (!row) return undefined;
      let outcome: RunOutcome;
      if (row.last_version_id && row.last_hash === hash) {
        outcome = { kind: 'unchanged', versionId: row.last_version_id };
      } else {
        const versionId = newId();
        await tx.query(
          `INSERT INTO openapi_spec_versions (id, spec_id, organization_id, content_hash, entry, source_url, files, bytes, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())`,
          [versionId, specId, row.organization_id, hash, spec.entry, spec.sourceUrl, spec.files.size, spec.bytes],
        );
        const paths = [...spec.files.keys()];
        await tx.query(
          `INSERT INTO openapi_spec_files (version_id, path, media_type, text, document)
           SELECT $1, f.path, f.media_type, f.text, f.document::json FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS f(path, media_type, text, document)`,
          [
            versionId,
            paths,
            paths.map((path) => MEDIA_TYPES[spec.files.get(path)!.format]),
            paths.map((path) => spec.files.get(path)!.text),
            paths.map((path) => JSON.stringify(spec.files.get(path)!.document)),
          ],
        );
        outcome = { kind: 'version', versionId };
      }
      await tx.query(
        `UPDATE openapi_specs
            SET last_version_id = $3, last_processed_at = now(), last_process_error_code = NULL, last_process_errors = NULL,
                process_done = $4, lease_job = NULL, lease_until = NULL,
                processing_state = CASE WHEN process_requested > $4 THEN 'pending' ELSE 'complete' END
          WHERE id = $1 AND lease_job = $2`,
        [specId, jobId, outcome.versionId, claim.requested],
      );
      return outcome;
    });
  }

  /**
   * A failed run: its code and sentences are recorded, the latest version stays. When it will be
   * retried, the request stays open (`pending`); otherwise it counts as done.
   */
  private async recordFailure(specId: string, jobId: string, claim: Claim, problem: SpecProblem, retrying: boolean): Promise<RunOutcome | undefined> {
    const errors: ProcessError[] = problem.errors;
    const [rows]: [unknown[]] = await this.dataSource.query(
      `UPDATE openapi_specs
          SET last_processed_at = now(), last_process_error_code = $3, last_process_errors = $4::jsonb,
              process_done = CASE WHEN $5 THEN process_done ELSE $6 END, lease_job = NULL, lease_until = NULL,
              processing_state = CASE WHEN $5 OR process_requested > $6 THEN 'pending' ELSE 'complete' END
        WHERE id = $1 AND lease_job = $2
        RETURNING id`,
      [specId, jobId, problem.code, JSON.stringify(errors), retrying, claim.requested],
    );
    if (rows.length === 0) return undefined;
    return { kind: 'failed', code: problem.code, retrying };
  }
}
