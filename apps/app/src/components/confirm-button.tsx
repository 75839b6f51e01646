import { useEffect, useRef, useState } from 'preact/hooks';

interface ConfirmButtonProps {
  /** The button's name: "Delete", "Remove Git Sync"... */
  label: string;
  /** The question asked before doing it: "Delete the webhook https://...?" */
  question: string;
  /** The confirming button's name: "Yes, delete". */
  confirm?: string;
  onConfirm: () => Promise<void>;
}

/**
 * A destructive action asked twice: the button opens a question in place with the confirming
 * button focused; "Cancel" or Escape closes it, the focus back on the button. An error stays
 * shown beside the question.
 */
export function ConfirmButton({ label, question, confirm = 'Yes, delete', onConfirm }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const button = useRef<HTMLButtonElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) yes.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setError(undefined);
    setTimeout(() => button.current?.focus());
  };
  if (!open) {
    return (
      <button ref={button} type="button" class="secondary danger" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  return (
    <div class="confirm" role="group" aria-label={label} onKeyDown={(event) => event.key === 'Escape' && close()}>
      <p>{question}</p>
      <button
        ref={yes}
        type="button"
        class="danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } catch (failure) {
            setError((failure as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        {confirm}
      </button>
      <button type="button" class="secondary" onClick={close}>
        Cancel
      </button>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </div>
  );
}
