import { PreconditionFailedException } from '@nestjs/common';
import type { Response } from 'express';

/**
 * The revision ids an `If-Match` header accepts: `"<revision id>"` (as `ETag` gives it), also
 * without quotes or weak (`W/"..."`), several separated by commas; `*` matches any.
 * Undefined: no header, no condition.
 */
export function parseIfMatch(header: string | undefined): string[] | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  return header
    .split(',')
    .map((part) => part.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1'))
    .filter((part) => part.length > 0);
}

/** 412 unless the head's current revision is one the caller named. */
export function assertIfMatch(accepted: string[] | undefined, current: string): void {
  if (!accepted || accepted.includes('*') || accepted.includes(current)) return;
  throw new PreconditionFailedException(
    `The content has changed: its current revision is "${current}", not ${accepted.map((id) => `"${id}"`).join(' or ')}. Read it again and retry.`,
  );
}

/** The ETag value of a revision. */
export function revisionEtag(revisionId: string): string {
  return `"${revisionId}"`;
}

/** Answers `body` with the revision it was read from or written to as its `ETag`. */
export function withRevisionEtag<T>(res: Pick<Response, 'setHeader'>, revisionId: string, body: T): T {
  res.setHeader('ETag', revisionEtag(revisionId));
  return body;
}

/** A content read (`ContentReads`, `ReusableContents`) answered with its revision as the `ETag`. */
export function sendRead<T>(res: Pick<Response, 'setHeader'>, read: { revisionId: string; body: T }): T {
  return withRevisionEtag(res, read.revisionId, read.body);
}

/** The `If-Match` header as the content writes document it in `/openapi.json`. */
export const IF_MATCH_HEADER = {
  name: 'If-Match',
  required: false,
  description: 'The ETag of the content read before (`"<revision id>"`): 412 and no change when the content has moved on since.',
};
