import { HttpException } from '@nestjs/common';
import { FetchError } from '@docs/platform';

/** Why a Git Sync operation failed: recorded with the operation (`errorCode`), stable for clients to act on. */
export const GIT_SYNC_FAILURES = [
  'url-forbidden',
  'unreachable',
  'auth-failed',
  'repository-not-found',
  'not-a-git-repository',
  'ref-not-found',
  'not-gitbook-layout',
  'invalid-content',
  'too-large',
  'push-rejected',
  'space-locked',
  'space-deleted',
  'internal',
] as const;
export type GitSyncFailureCode = (typeof GIT_SYNC_FAILURES)[number];

/** A failure of a Git Sync operation, with its code and a sentence for the operation's `error`. */
export class GitSyncError extends Error {
  constructor(
    readonly code: GitSyncFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'GitSyncError';
  }
}

/**
 * Any error of a Git operation as a `GitSyncError`: the safe fetcher's refusals and failures,
 * isomorphic-git's HTTP and protocol errors, the importer's and the writer's HTTP exceptions.
 * `secrets` (the credentials of the operation) are cut from every message.
 */
export function asGitSyncError(error: unknown, context: { url: string; ref: string; secrets?: readonly string[] }): GitSyncError {
  const scrub = (message: string) => (context.secrets ?? []).filter((secret) => secret.length > 0).reduce((text, secret) => text.split(secret).join('***'), message);
  const fail = (code: GitSyncFailureCode, message: string) => new GitSyncError(code, scrub(message));
  if (error instanceof GitSyncError) return fail(error.code, error.message);
  const fetchError = findFetchError(error);
  if (fetchError) {
    if (fetchError.failure === 'address' || fetchError.failure === 'scheme' || fetchError.failure === 'url') return fail('url-forbidden', fetchError.message);
    if (fetchError.failure === 'too-large') return fail('too-large', fetchError.message);
    return fail('unreachable', fetchError.message);
  }
  const { code, data, message } = (error ?? {}) as { code?: string; data?: { statusCode?: number; reason?: string }; message?: string };
  switch (code) {
    case 'HttpError': {
      const status = data?.statusCode;
      if (status === 401 || status === 403) return fail('auth-failed', `${context.url} refused the credentials (HTTP ${status}): check the user name and token in the URL and their rights on the repository.`);
      if (status === 404) return fail('repository-not-found', `${context.url} has no Git repository (HTTP 404).`);
      return fail('unreachable', `${context.url} answered HTTP ${status ?? 'error'}.`);
    }
    case 'SmartHttpError':
    case 'EmptyServerResponseError':
    case 'ParseError':
      return fail('not-a-git-repository', `${context.url} does not speak Git's smart HTTP protocol (is it the URL of a repository?).`);
    case 'NotFoundError':
      return fail('ref-not-found', `The repository has no ref ${context.ref}.`);
    case 'PushRejectedError':
    case 'GitPushError':
      return fail('push-rejected', `${context.ref} moved on the remote while this export was running (${data?.reason ?? 'not a fast-forward'}): nothing was pushed; run the export again to build on the new commit.`);
    case 'UserCanceledError':
      return fail('auth-failed', `${context.url} asked for credentials: give them in the URL.`);
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const text = typeof error.getResponse() === 'object' ? String((error.getResponse() as { message?: unknown }).message ?? error.message) : error.message;
    if (status === 409 && /locked/i.test(text)) return fail('space-locked', text);
    if (status === 404) return fail('space-deleted', text);
    if (status === 413) return fail('too-large', text);
    if (status < 500) return fail('invalid-content', text);
  }
  return fail('internal', `The operation failed unexpectedly: ${message ?? String(error)}`);
}

function findFetchError(error: unknown): FetchError | undefined {
  const seen = new Set<unknown>();
  for (let cause = error; cause && !seen.has(cause); cause = (cause as { cause?: unknown }).cause) {
    seen.add(cause);
    if (cause instanceof FetchError) return cause;
  }
  return undefined;
}
