import { useState } from 'preact/hooks';

/**
 * The state of a form that sends something: busy while the request runs (its submit button
 * disabled), the failure's message kept for the form's alert. `send` answers whether it went through.
 */
export function useFormSubmission() {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async (request: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await request();
      return true;
    } catch (failure) {
      setError((failure as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, send };
}

interface FormFooterProps {
  /** The submit button's name ("Create", "Add spec"). */
  submit: string;
  busy: boolean;
  onCancel: () => void;
  error?: string;
  /** The class of the buttons' row (its layout differs between forms). */
  actions?: string;
}

/** A form's submit and "Cancel" buttons, and its failure as an alert under them. */
export function FormFooter({ submit, busy, onCancel, error, actions = 'form-actions' }: FormFooterProps) {
  return (
    <>
      <div class={actions}>
        <button type="submit" disabled={busy}>
          {submit}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </>
  );
}
