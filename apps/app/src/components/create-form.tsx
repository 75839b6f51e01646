import { useEffect, useRef, useState } from 'preact/hooks';
import { FormFooter, useFormSubmission } from './form-submission';

interface CreateFormProps {
  /** The button's name: "New space", "New collection", "New page"... */
  label: string;
  /** The field's name: "Title". */
  field?: string;
  /** A second field the new thing needs: a link's "URL". */
  urlField?: string;
  onCreate: (value: string, url?: string) => Promise<void>;
}

/** A button that opens a one-field form in place (two with a URL); Escape or "Cancel" closes it, the focus back on the button. */
export function CreateForm({ label, field = 'Title', urlField, onCreate }: CreateFormProps) {
  const [open, setOpen] = useState(false);
  const { error, setError, busy, send } = useFormSubmission();
  const input = useRef<HTMLInputElement>(null);
  const url = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setError(undefined);
    setTimeout(() => button.current?.focus());
  };
  if (!open) {
    return (
      <button ref={button} type="button" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  return (
    <form
      class="inline-form"
      aria-label={label}
      onKeyDown={(event) => event.key === 'Escape' && close()}
      onSubmit={async (event) => {
        event.preventDefault();
        const value = input.current!.value.trim();
        if (!value) return setError(`${field} is required.`);
        const address = url.current?.value.trim();
        if (urlField && !address) return setError(`${urlField} is required.`);
        if (await send(() => onCreate(value, address))) close();
      }}
    >
      <label>
        {field} <input ref={input} name="value" required maxLength={255} aria-invalid={error ? true : undefined} />
      </label>
      {urlField && (
        <label>
          {urlField} <input ref={url} name="url" type="url" required placeholder="https://" />
        </label>
      )}
      <FormFooter submit="Create" busy={busy} onCancel={close} error={error} />
    </form>
  );
}
