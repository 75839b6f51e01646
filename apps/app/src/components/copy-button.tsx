import { useState } from 'preact/hooks';

/**
 * "Copy" beside a value people paste elsewhere (a token, a URL): writes it to the clipboard and
 * says so in a live region. Where the browser refuses (no permission, not a secure page), it says
 * so too: the value beside it can still be selected and copied by hand.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [said, setSaid] = useState('');
  return (
    <span class="copy">
      <button
        type="button"
        class="secondary"
        aria-label={`Copy ${what}`}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setSaid(`Copied ${what}.`);
          } catch {
            setSaid(`The browser did not let the app copy: select the ${what} and copy it.`);
          }
        }}
      >
        Copy
      </button>
      <span role="status" class="copy-said">
        {said}
      </span>
    </span>
  );
}
