import { useEffect, useRef, useState } from 'preact/hooks';
import type { Team } from '../api/types';

/** "Rename team": opens a field with the title in place; Save or Enter renames, Escape or Cancel closes it. */
export function TeamRenameForm({ team, onRename }: { team: Team; onRename: (title: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) input.current?.select();
  }, [open]);
  const close = () => {
    setOpen(false);
    setError(undefined);
    setTimeout(() => button.current?.focus());
  };
  if (!open) {
    return (
      <button ref={button} type="button" class="secondary" onClick={() => setOpen(true)}>
        Rename team
      </button>
    );
  }
  return (
    <form
      class="inline-form"
      aria-label="Rename team"
      onKeyDown={(event) => event.key === 'Escape' && close()}
      onSubmit={async (event) => {
        event.preventDefault();
        const title = input.current!.value.trim();
        if (!title) return setError('Title is required.');
        setBusy(true);
        try {
          await onRename(title);
          close();
        } catch (failure) {
          setError((failure as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <label>
        Title <input ref={input} name="title" required maxLength={64} defaultValue={team.title} aria-invalid={error ? true : undefined} />
      </label>
      <div class="form-row">
        <button type="submit" disabled={busy}>
          Save
        </button>
        <button type="button" class="secondary" onClick={close}>
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
