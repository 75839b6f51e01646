import type { ProcessErrorCode } from '../specs/openapi-spec.entity';

/**
 * Why a run produced no version, as the reference's error code plus the sentences shown in
 * `lastProcessedErrors`. `retryable`: the same run may succeed later (a timeout, a 5xx, a
 * network failure), so the job is retried with backoff; a document that is not a valid spec,
 * or a body over the limit, will not change by itself.
 */
export class SpecProblem extends Error {
  constructor(
    readonly code: ProcessErrorCode,
    readonly errors: { message: string; code?: string }[],
    readonly retryable = false,
  ) {
    super(errors.map((error) => error.message).join(' '));
    this.name = 'SpecProblem';
  }

  static parse(message: string, code?: string): SpecProblem {
    return new SpecProblem('PARSE_ERROR', [{ message, ...(code ? { code } : {}) }]);
  }
}
