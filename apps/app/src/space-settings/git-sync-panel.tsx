import { useState } from 'preact/hooks';
import { api, ApiError } from '../api/client';
import type { GitSyncOperation, GitSyncSettings } from '../api/admin-types';
import type { Space } from '../api/types';
import { usePolling } from '../api/use-polling';
import { useResource } from '../api/use-resource';
import { ConfirmButton } from '../components/confirm-button';
import { Status } from '../components/status';
import { branchOfRef, hasRunningOperation, operationSummary, repositoryRequest } from './git-sync-request';

const time = (iso: string) => new Date(iso).toLocaleString();
const DEFAULT_MESSAGE = 'Update the docs';

/**
 * A space's Git Sync: the repository it syncs with (branch, folder, whether credentials are
 * stored, the last commit synced), export after every merge, and the operations the worker ran,
 * read again while one runs. Admins of the space connect or change the repository (its first
 * export or import sets it up); editors export to it or import from it.
 */
export function GitSyncPanel({ space, onChanged }: { space: Space; onChanged: () => void }) {
  const base = `/v1/spaces/${space.id}/git`;
  const settings = useResource(`git-settings:${space.id}`, async () => {
    try {
      return await api.get<GitSyncSettings>(`${base}/settings`);
    } catch (failure) {
      // 404: the space has no Git Sync yet.
      if (failure instanceof ApiError && failure.status === 404) return null;
      throw failure;
    }
  });
  const operations = useResource(`git-operations:${space.id}`, async () => (await api.get<{ items: GitSyncOperation[] }>(`${base}/operations?limit=20`)).items);
  const running = operations.data !== undefined && hasRunningOperation(operations.data);
  usePolling(running, () => {
    operations.reload();
    settings.reload();
  });
  const [changing, setChanging] = useState(false);
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const [commitMessage, setCommitMessage] = useState(DEFAULT_MESSAGE);
  const [exportOnMerge, setExportOnMerge] = useState<boolean>();
  const admin = space.permissions.admin;
  const mayTrigger = space.permissions.triggerGitSync;

  /** Runs a change, then reads everything again; answers whether it went through. */
  const act = async (what: () => Promise<string>): Promise<boolean> => {
    setError(undefined);
    setMessage(undefined);
    try {
      setMessage(await what());
      onChanged();
      await Promise.all([settings.reload(), operations.reload()]);
      return true;
    } catch (failure) {
      setError((failure as Error).message);
      return false;
    }
  };

  /** Asks the worker for an export or an import of this repository. */
  const sync = (direction: 'export' | 'import', body: { url: string; ref: string; repoProjectDirectory?: string }) =>
    act(async () => {
      await api.post<unknown>(`${base}/${direction}`, direction === 'export' ? { ...body, commitMessage: commitMessage.trim() || DEFAULT_MESSAGE } : body);
      return direction === 'export' ? 'Export asked for: the worker commits and pushes the space.' : 'Import asked for: the worker reads the repository.';
    });

  const current = settings.data;
  return (
    <>
      <h1>Git Sync</h1>
      <p>Keeps the space and a Git repository in step over HTTPS: an export commits the space in GitBook's layout, an import reads the repository into the space.</p>
      <Status resource={settings} what="the Git Sync settings" />
      {current === null && <p>This space is not synced with a repository.</p>}
      {current && (
        <dl class="facts">
          <dt>Repository</dt>
          <dd class="wrap">{current.url}</dd>
          <dt>Branch</dt>
          <dd>{branchOfRef(current.ref)}</dd>
          <dt>Folder</dt>
          <dd>{current.repoProjectDirectory || 'The root of the repository'}</dd>
          <dt>Credentials</dt>
          <dd>{current.hasCredentials ? 'Stored (never shown)' : 'None'}</dd>
          <dt>Last synced</dt>
          <dd>{current.lastSyncedAt ? `${time(current.lastSyncedAt)}${current.lastCommit ? `, commit ${current.lastCommit.slice(0, 7)}` : ''}` : 'Not yet'}</dd>
        </dl>
      )}
      {current && (
        <label class="check">
          <input
            type="checkbox"
            checked={exportOnMerge ?? current.exportOnMerge}
            disabled={!admin}
            onChange={async (event) => {
              const wanted = (event.currentTarget as HTMLInputElement).checked;
              // Shown as asked while the API saves it; as stored once the settings are read again.
              setExportOnMerge(wanted);
              await act(async () => {
                await api.patch<GitSyncSettings>(`${base}/settings`, { exportOnMerge: wanted });
                return wanted ? 'Every merged change request will be exported.' : 'Merges are no longer exported.';
              });
              setExportOnMerge(undefined);
            }}
          />{' '}
          Export after every merge of a change request
        </label>
      )}
      {current && mayTrigger && !changing && (
        <label class="commit-message">
          Commit message
          <input name="commitMessage" value={commitMessage} maxLength={10_000} onInput={(event) => setCommitMessage((event.currentTarget as HTMLInputElement).value)} />
        </label>
      )}
      {current && mayTrigger && !changing && (
        <div class="actions">
          <button type="button" disabled={running} onClick={() => sync('export', { url: current.url, ref: current.ref, repoProjectDirectory: current.repoProjectDirectory })}>
            Export to repository
          </button>
          <button type="button" class="secondary" disabled={running} onClick={() => sync('import', { url: current.url, ref: current.ref, repoProjectDirectory: current.repoProjectDirectory })}>
            Import from repository
          </button>
        </div>
      )}
      {admin && current && !changing && (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => setChanging(true)}>
            Change repository
          </button>
          <ConfirmButton
            label="Remove Git Sync"
            confirm="Yes, remove"
            question="Forget the repository and its credentials? The space keeps its content; the operations stay listed."
            onConfirm={async () => {
              await act(async () => {
                await api.delete(`${base}/settings`);
                return 'Git Sync removed.';
              });
            }}
          />
        </div>
      )}
      {admin && mayTrigger && (current === null || changing) && (
        <RepositoryForm
          initial={current ?? undefined}
          commitMessage={commitMessage}
          onCommitMessage={setCommitMessage}
          onCancel={current ? () => setChanging(false) : undefined}
          onSubmit={async (direction, body) => {
            if (await sync(direction, body)) setChanging(false);
          }}
        />
      )}
      {!admin && current === null && <p>An admin of the space connects it to a repository.</p>}
      <p role="status" class="announce">
        {message}
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <h2>Operations</h2>
      <Status resource={operations} what="the operations" />
      {operations.data && operations.data.length === 0 && <p>No export or import yet.</p>}
      {operations.data && operations.data.length > 0 && (
        <ol class="cards" aria-label="Operations">
          {operations.data.map((operation) => (
            <li key={operation.id}>
              <p>
                <strong>{operationSummary(operation)}</strong>
              </p>
              <p class="muted wrap">
                {time(operation.startedAt)} · {operation.url} · {branchOfRef(operation.ref)}
                {operation.repoProjectDirectory && ` · ${operation.repoProjectDirectory}`}
              </p>
              {operation.changeRequest && (
                <p>
                  The space had changed since the last sync: <a href={`/s/${space.id}/~/changes/${operation.changeRequest}`}>the import is a change request</a>.
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** Connect (or change) the repository: URL, branch, folder, and a username and token for a private one. */
function RepositoryForm({
  initial,
  commitMessage,
  onCommitMessage,
  onSubmit,
  onCancel,
}: {
  initial?: GitSyncSettings;
  /** The message of the first export's commit. */
  commitMessage: string;
  onCommitMessage: (message: string) => void;
  onSubmit: (direction: 'export' | 'import', body: { url: string; ref: string; repoProjectDirectory?: string }) => Promise<void>;
  onCancel?: () => void;
}) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (form: HTMLFormElement, direction: 'export' | 'import') => {
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    const request = repositoryRequest({ url: value('url'), branch: value('branch'), folder: value('folder'), username: value('username'), token: value('token') });
    if ('error' in request) return setError(request.error);
    setError(undefined);
    setBusy(true);
    try {
      await onSubmit(direction, request);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      class="inline-form admin-form"
      aria-label={initial ? 'Change repository' : 'Connect a repository'}
      onKeyDown={(event) => event.key === 'Escape' && onCancel?.()}
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
        void submit(event.currentTarget as HTMLFormElement, submitter?.value === 'import' ? 'import' : 'export');
      }}
    >
      <label>
        Repository URL
        <input name="url" type="url" required maxLength={2048} placeholder="https://github.com/acme/docs.git" defaultValue={initial?.url ?? ''} />
      </label>
      <label>
        Branch
        <input name="branch" required maxLength={240} defaultValue={initial ? branchOfRef(initial.ref) : 'main'} />
      </label>
      <label>
        Folder <span class="hint">(optional: the space's folder in the repository)</span>
        <input name="folder" maxLength={1024} defaultValue={initial?.repoProjectDirectory ?? ''} />
      </label>
      <label>
        Username <span class="hint">(for a private repository)</span>
        <input name="username" autoComplete="off" maxLength={255} />
      </label>
      <label>
        Token <span class="hint">(a token of the forge, used as the password; stored sealed)</span>
        <input name="token" type="password" autoComplete="new-password" maxLength={1024} />
      </label>
      <label>
        Commit message <span class="hint">(of the export)</span>
        <input name="commitMessage" value={commitMessage} maxLength={10_000} onInput={(event) => onCommitMessage((event.currentTarget as HTMLInputElement).value)} />
      </label>
      <div class="actions">
        <button type="submit" name="direction" value="export" disabled={busy}>
          Connect and export
        </button>
        <button type="submit" name="direction" value="import" class="secondary" disabled={busy}>
          Connect and import
        </button>
        {onCancel && (
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </form>
  );
}
