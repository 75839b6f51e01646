import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api/client';
import type { ChangeRequest } from '../api/types';
import { changeRequestTitle, STATUS_WORDS } from './change-request-words';

export type ChangeRequestWithExtensions = ChangeRequest & {
  conflicts?: string[];
  permissions?: { view: boolean; comment: boolean; edit: boolean; archive: boolean; review: boolean; merge: boolean };
};

interface HeaderProps {
  /** The change request's API path. */
  path: string;
  changeRequest: ChangeRequestWithExtensions;
  onChanged: () => void;
}

/** Its title (renamed in place), status, author, and the moves of its status: ready for review, back to draft, archive, reopen; update from the space. */
export function ChangeRequestHeader({ path, changeRequest: cr, onChanged }: HeaderProps) {
  const [renaming, setRenaming] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const permissions = cr.permissions;
  const act = async (run: () => Promise<string | void>) => {
    setMessage(undefined);
    try {
      const text = await run();
      if (text) setMessage({ text, error: false });
      onChanged();
    } catch (failure) {
      setMessage({ text: (failure as Error).message, error: true });
    }
  };
  const setStatus = (status: string) => act(() => api.patch(path, { status }));
  const active = cr.status === 'draft' || cr.status === 'open';
  return (
    <header class="change-request-header">
      {renaming ? (
        <SubjectForm
          subject={cr.subject}
          onCancel={() => setRenaming(false)}
          onSave={async (subject) => {
            await api.patch(path, { subject });
            setRenaming(false);
            onChanged();
          }}
        />
      ) : (
        <div class="title-row">
          <h1>{changeRequestTitle(cr)}</h1>
          {permissions?.edit && (
            <button type="button" class="secondary" onClick={() => setRenaming(true)}>
              Rename
            </button>
          )}
        </div>
      )}
      <p>
        <span class="badge">{STATUS_WORDS[cr.status] ?? cr.status}</span> {cr.createdBy ? `by ${cr.createdBy.displayName}, ` : ''}
        <time dateTime={cr.createdAt}>{new Date(cr.createdAt).toLocaleString()}</time>
      </p>
      <div class="actions">
        {permissions?.edit && cr.status === 'draft' && (
          <button type="button" onClick={() => void setStatus('open')}>
            Ready for review
          </button>
        )}
        {permissions?.edit && cr.status === 'open' && (
          <button type="button" class="secondary" onClick={() => void setStatus('draft')}>
            Back to draft
          </button>
        )}
        {permissions?.archive && active && (
          <button type="button" class="secondary" onClick={() => void setStatus('archived')}>
            Archive
          </button>
        )}
        {permissions?.archive && cr.status === 'archived' && (
          <button type="button" class="secondary" onClick={() => void setStatus('open')}>
            Reopen
          </button>
        )}
      </div>
      {cr.outdated && active && (
        <div class="note" role="note">
          <p>The space changed since this change request started from it.</p>
          {permissions?.edit && (
            <button
              type="button"
              onClick={() =>
                void act(async () => {
                  const result = await api.post<{ result: string; conflicts?: { title: string }[] }>(`${path}/update`);
                  return result.result === 'conflicts'
                    ? `Updated from the space, with conflicts on ${result.conflicts!.map((conflict) => conflict.title).join(', ')}: choose a version below.`
                    : 'Updated from the space.';
                })
              }
            >
              Update from the space
            </button>
          )}
        </div>
      )}
      {message && (
        <p role={message.error ? 'alert' : 'status'} class={message.error ? 'error' : undefined}>
          {message.text}
        </p>
      )}
    </header>
  );
}

function SubjectForm({ subject, onSave, onCancel }: { subject: string; onSave: (subject: string) => Promise<void>; onCancel: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      class="inline-form"
      aria-label="Rename the change request"
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await onSave(input.current!.value.trim());
        } catch (failure) {
          setError((failure as Error).message);
        }
      }}
    >
      <label>
        Subject <input ref={input} defaultValue={subject} maxLength={100} aria-invalid={error ? true : undefined} />
      </label>
      <div class="actions">
        <button type="submit">Save subject</button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </form>
  );
}
