import { useEffect, useRef } from 'preact/hooks';

/**
 * A webhook's signing secret, shown the only time the API gives it (creation, rotation): a
 * read-only field, selected so it can be copied at once, and a "Done" that hides it for good.
 */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [secret]);
  return (
    <section class="notice" aria-label="Signing secret">
      <p>
        <strong>Store the signing secret now:</strong> it is not shown again. Receivers verify each delivery with it (Standard Webhooks).
      </p>
      <label>
        Signing secret <input ref={field} readOnly value={secret} class="secret" />
      </label>
      <button type="button" class="secondary" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
