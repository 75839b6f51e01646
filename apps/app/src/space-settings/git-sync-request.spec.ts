import type { GitSyncOperation } from '../api/admin-types';
import { branchOfRef, hasRunningOperation, operationSummary, repositoryRequest } from './git-sync-request';

const form = { url: 'https://github.com/acme/docs.git', branch: 'main', folder: '', username: '', token: '' };

describe('repositoryRequest', () => {
  it('makes the ref from the branch and leaves a URL without credentials as typed', () => {
    expect(repositoryRequest(form)).toEqual({ url: 'https://github.com/acme/docs.git', ref: 'refs/heads/main' });
    expect(repositoryRequest({ ...form, branch: 'refs/heads/release/2.x', folder: '/docs/' })).toEqual({
      url: 'https://github.com/acme/docs.git',
      ref: 'refs/heads/release/2.x',
      repoProjectDirectory: 'docs',
    });
  });

  it('puts the username and the token in the URL, encoded', () => {
    const request = repositoryRequest({ ...form, username: 'docs bot', token: 'p@ss:w/rd' });
    expect(request).toEqual({ url: 'https://docs%20bot:p%40ss%3Aw%2Frd@github.com/acme/docs.git', ref: 'refs/heads/main' });
    const url = new URL((request as { url: string }).url);
    expect([decodeURIComponent(url.username), decodeURIComponent(url.password)]).toEqual(['docs bot', 'p@ss:w/rd']);
  });

  it('says what is wrong before anything is sent', () => {
    expect(repositoryRequest({ ...form, url: 'github.com/acme/docs' })).toEqual({ error: expect.stringContaining('absolute http or https URL') });
    expect(repositoryRequest({ ...form, url: 'ssh://git@github.com/acme/docs.git' })).toEqual({ error: expect.stringContaining('must use http or https') });
    expect(repositoryRequest({ ...form, branch: ' ' })).toEqual({ error: expect.stringContaining('Branch is required') });
    expect(repositoryRequest({ ...form, token: 'secret' })).toEqual({ error: expect.stringContaining('username') });
  });
});

describe('operations', () => {
  const operation = (fields: Partial<GitSyncOperation>): GitSyncOperation => ({
    id: 'op1',
    state: 'success',
    direction: 'export',
    stage: 'finalize',
    dispatchedTasks: 3,
    completedTasks: 3,
    startedAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:01.000Z',
    queued: false,
    url: 'https://github.com/acme/docs.git',
    ref: 'refs/heads/main',
    repoProjectDirectory: '',
    standalone: false,
    ...fields,
  });

  it('sums one up in words', () => {
    expect(operationSummary(operation({ commit: { oid: '0123456789abcdef', message: 'Update', createdByGitBook: true } }))).toBe('Export succeeded at 0123456');
    expect(operationSummary(operation({ state: 'running', stage: 'content_process', completedTasks: 1 }))).toBe('Export running (content process, 1 of 3 files)');
    expect(operationSummary(operation({ state: 'running', queued: true, direction: 'import' }))).toBe('Import queued');
    expect(operationSummary(operation({ state: 'failure', direction: 'import', error: 'The branch main does not exist.' }))).toBe('Import failed: The branch main does not exist.');
    expect(hasRunningOperation([operation({}), operation({ state: 'running' })])).toBe(true);
    expect(hasRunningOperation([operation({ state: 'failure' })])).toBe(false);
  });

  it('reads a branch out of a ref', () => {
    expect(branchOfRef('refs/heads/main')).toBe('main');
    expect(branchOfRef('refs/tags/v1')).toBe('refs/tags/v1');
  });
});
