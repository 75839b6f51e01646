import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { FetchError } from '@docs/platform';

/** A source over a size limit (413) names the limit; the other refusals of a source are 400. */
export function sourceTooLarge(message: string): PayloadTooLargeException {
  return new PayloadTooLargeException(message);
}

/** Maps a fetch failure to the API's error: too large is 413, anything else 400 with the fetcher's sentence. */
export function fetchFailure(error: unknown): unknown {
  if (!(error instanceof FetchError)) return error;
  return error.tooLarge ? new PayloadTooLargeException(error.message) : new BadRequestException(`url: ${error.message}`);
}
