import { useState } from 'preact/hooks';
import { api } from '../api/client';
import type { MergeVerdict } from './merge-verdict';

/** "Merge": the verdict (can it merge, and why not) and the button; the server decides, its refusal is shown. */
export function MergeSection({ path, verdict, spaceHref, onMerged }: { path: string; verdict: MergeVerdict; spaceHref: string; onMerged: () => void }) {
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const [busy, setBusy] = useState(false);
  const merge = async () => {
    setBusy(true);
    setMessage(undefined);
    try {
      const result = await api.post<{ result: string; conflicts?: { title: string }[] }>(`${path}/merge`);
      if (result.result === 'conflicts') {
        setMessage({ text: `The space changed the same parts of ${result.conflicts!.map((c) => c.title).join(', ')}: update from the space, then choose the versions.`, error: true });
      } else onMerged();
    } catch (failure) {
      setMessage({ text: (failure as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="merge" aria-labelledby="merge-heading">
      <h2 id="merge-heading">Merge</h2>
      {verdict.canMerge ? (
        <p class="verdict ok">{verdict.bypassed ? 'Ready to merge: the merge rules let you bypass them.' : 'Ready to merge.'}</p>
      ) : (
        <>
          <p class="verdict">Not ready to merge:</p>
          <ul class="verdict-reasons">
            {verdict.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      )}
      <button type="button" onClick={merge} disabled={!verdict.canMerge || busy}>
        Merge
      </button>
      {message && (
        <p role={message.error ? 'alert' : 'status'} class={message.error ? 'error' : undefined}>
          {message.text} {!message.error && <a href={spaceHref}>Open the space</a>}
        </p>
      )}
    </section>
  );
}
