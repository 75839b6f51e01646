import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { FormFooter, useFormSubmission } from './form-submission';

interface InlineFormProps {
  /** The button's name, and the form's: "New site", "Add section"... */
  label: string;
  /** The submit button's name ("Create", "Add"). */
  submit: string;
  /** The form's fields; the first one gets the focus when it opens. */
  children: ComponentChildren;
  onSubmit: (data: FormData) => Promise<void>;
  /** The opening button as a secondary action ("Edit section Guides" beside "Delete section"). */
  secondary?: boolean;
}

/**
 * A button that opens a form of several fields in place (CreateForm's behaviour, for forms that
 * need more than a title): Escape or "Cancel" closes it, the focus back on the button; a failure
 * stays in the form as an alert.
 */
export function InlineForm({ label, submit, children, onSubmit, secondary }: InlineFormProps) {
  const [open, setOpen] = useState(false);
  const { error, setError, busy, send } = useFormSubmission();
  const form = useRef<HTMLFormElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setError(undefined);
    setTimeout(() => button.current?.focus());
  };
  if (!open) {
    return (
      <button ref={button} type="button" class={secondary ? 'secondary' : undefined} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  return (
    <form
      ref={form}
      class="inline-form"
      aria-label={label}
      onKeyDown={(event) => event.key === 'Escape' && close()}
      onSubmit={async (event) => {
        event.preventDefault();
        if (await send(() => onSubmit(new FormData(form.current!)))) close();
      }}
    >
      {children}
      <FormFooter submit={submit} busy={busy} onCancel={close} error={error} />
    </form>
  );
}
