import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

interface ConfirmDialogProps {
  /** The question, the dialog's name: "Delete “Getting started”?". */
  title: string;
  children: ComponentChildren;
  /** The button that does it: "Delete". */
  confirm: string;
  onConfirm: () => Promise<void>;
  /** Closed without doing it (Cancel, Escape), or done. */
  onClose: (done: boolean) => void;
}

/**
 * A modal question before something that cannot simply be undone: the browser's own modal dialog
 * (the rest of the page inert, Escape closes it), Cancel focused first so that Enter alone never
 * deletes. A failure is shown in it and leaves it open.
 */
export function ConfirmDialog({ title, children, confirm, onConfirm, onClose }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    dialog.current?.showModal();
    cancel.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose(false);
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <div>{children}</div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="dialog-actions">
        <button ref={cancel} type="button" class="secondary" disabled={busy} onClick={() => onClose(false)}>
          Cancel
        </button>
        <button
          type="button"
          class="danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
              onClose(true);
            } catch (failure) {
              setError((failure as Error).message);
              setBusy(false);
            }
          }}
        >
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
