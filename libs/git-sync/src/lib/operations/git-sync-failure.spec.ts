import { BadRequestException, ConflictException, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { FetchError } from '@docs/platform';
import { asGitSyncError, GitSyncError } from './git-sync-failure';

const context = { url: 'https://git.example.com/docs.git', ref: 'refs/heads/main', secrets: ['hunter2'] };
const gitError = (code: string, data: object = {}, message = code) => Object.assign(new Error(message), { code, data });

describe('asGitSyncError: every failure of a Git operation gets its code', () => {
  it.each([
    [new FetchError('address', 'refused'), 'url-forbidden'],
    [new FetchError('scheme', 'no'), 'url-forbidden'],
    [new FetchError('network', 'down'), 'unreachable'],
    [new FetchError('timeout', 'slow'), 'unreachable'],
    [new FetchError('too-large', 'big'), 'too-large'],
    [Object.assign(new Error('wrapped'), { cause: new FetchError('address', 'refused') }), 'url-forbidden'],
    [gitError('HttpError', { statusCode: 401 }), 'auth-failed'],
    [gitError('HttpError', { statusCode: 403 }), 'auth-failed'],
    [gitError('HttpError', { statusCode: 404 }), 'repository-not-found'],
    [gitError('HttpError', { statusCode: 500 }), 'unreachable'],
    [gitError('SmartHttpError'), 'not-a-git-repository'],
    [gitError('NotFoundError'), 'ref-not-found'],
    [gitError('PushRejectedError', { reason: 'not-fast-forward' }), 'push-rejected'],
    [gitError('GitPushError', { reason: 'fetch first' }), 'push-rejected'],
    [new ConflictException('Space s1 is locked: its content cannot change.'), 'space-locked'],
    [new NotFoundException('No space has the id s1.'), 'space-deleted'],
    [new BadRequestException('.gitbook.yaml is not valid YAML'), 'invalid-content'],
    [new InternalServerErrorException('boom'), 'internal'],
    [new TypeError('x is undefined'), 'internal'],
    [new GitSyncError('not-gitbook-layout', 'no pages'), 'not-gitbook-layout'],
  ])('%s -> %s', (error, code) => {
    expect(asGitSyncError(error, context).code).toBe(code);
  });

  it('cuts the credentials out of every message', () => {
    expect(asGitSyncError(new FetchError('network', 'https://bot:hunter2@git.example.com failed'), context).message).toBe('https://bot:***@git.example.com failed');
    expect(asGitSyncError(new Error('token hunter2 leaked'), context).message).not.toContain('hunter2');
  });
});
