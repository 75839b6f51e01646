import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

interface TextFormProps {
  /** The text field's name ("Comment", "Reply", "Review comment"). */
  label: string;
  /** The buttons: each a name and what it does with the text; the first one also submits with Ctrl/Cmd-Enter. */
  actions: { name: string; run: (text: string) => Promise<void>; secondary?: boolean }[];
  /** Whether the text may be empty (a review without a comment). */
  optional?: boolean;
  children?: ComponentChildren;
}

/** A labelled text area and its buttons; the text stays until an action succeeds, errors are announced. */
export function TextForm({ label, actions, optional = false, children }: TextFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (action: TextFormProps['actions'][number]) => {
    if (!optional && !text.trim()) return setError(`${label} is empty: write something first.`);
    setBusy(true);
    setError(undefined);
    try {
      await action.run(text);
      setText('');
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      class="text-form"
      onSubmit={(event) => {
        event.preventDefault();
        void run(actions[0]);
      }}
    >
      <label>
        {label}
        <textarea
          value={text}
          rows={3}
          aria-invalid={error ? true : undefined}
          onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
          onKeyDown={(event) => {
            if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
              event.preventDefault();
              void run(actions[0]);
            }
          }}
        />
      </label>
      {children}
      <div class="actions">
        {actions.map((action, index) => (
          <button key={action.name} type={index === 0 ? 'submit' : 'button'} class={action.secondary ? 'secondary' : undefined} disabled={busy} onClick={index === 0 ? undefined : () => void run(action)}>
            {action.name}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </form>
  );
}
