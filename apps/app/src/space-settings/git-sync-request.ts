import type { GitSyncOperation } from '../api/admin-types';

/** What a person fills in to connect a repository. */
export interface RepositoryForm {
  url: string;
  branch: string;
  folder: string;
  username: string;
  token: string;
}

/**
 * The body of `POST .../git/export` or `.../git/import` from the form: the API takes credentials
 * inside the URL (`https://user:token@host/repo.git`, stored sealed, never shown again) and a full
 * ref (`refs/heads/<branch>`). Without a username or a token the URL goes as typed, so a
 * repository already set up keeps the credentials stored with it. Answers the sentence saying what
 * is wrong instead, before anything is sent.
 */
export function repositoryRequest(form: RepositoryForm): { url: string; ref: string; repoProjectDirectory?: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(form.url.trim());
  } catch {
    return { error: 'Repository URL must be an absolute http or https URL (https://github.com/acme/docs.git).' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'Repository URL must use http or https: Git over HTTP is how the server reaches it.' };
  const branch = form.branch.trim().replace(/^refs\/heads\//, '');
  if (!branch) return { error: 'Branch is required (main, for example).' };
  const username = form.username.trim();
  const token = form.token;
  if (token && !username) return { error: 'Give the username that goes with the token (any name works for most forges, e.g. git).' };
  if (username) {
    url.username = encodeURIComponent(username);
    url.password = encodeURIComponent(token);
  }
  const folder = form.folder.trim().replace(/^\/+|\/+$/g, '');
  return { url: url.toString(), ref: `refs/heads/${branch}`, ...(folder ? { repoProjectDirectory: folder } : {}) };
}

/** `refs/heads/main` -> `main`; a tag or another ref as it is. */
export function branchOfRef(ref: string): string {
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref;
}

/** An operation's state in words: "Export running (content_process, 3 of 10 files)", "Import failed: ...". */
export function operationSummary(operation: GitSyncOperation): string {
  const direction = operation.direction === 'export' ? 'Export' : 'Import';
  if (operation.state === 'running') {
    if (operation.queued) return `${direction} queued`;
    const files = operation.dispatchedTasks > 0 ? `, ${operation.completedTasks} of ${operation.dispatchedTasks} files` : '';
    return `${direction} running (${operation.stage.replace(/_/g, ' ')}${files})`;
  }
  if (operation.state === 'failure') return `${direction} failed${operation.error ? `: ${operation.error}` : ''}`;
  const commit = operation.commit ? ` at ${operation.commit.oid.slice(0, 7)}` : '';
  return `${direction} succeeded${commit}`;
}

/** Whether the screen should look again soon: an operation is still running. */
export function hasRunningOperation(operations: readonly GitSyncOperation[]): boolean {
  return operations.some((operation) => operation.state === 'running');
}
