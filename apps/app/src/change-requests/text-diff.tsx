import { foldUnchanged, lineDiff } from './line-diff';

/** A page's text before and after, line by line: removed lines struck, added ones marked, long unchanged stretches folded. */
export function TextDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const parts = foldUnchanged(lineDiff(before, after));
  return (
    <div class="diff" role="group" aria-label={label}>
      {parts.length === 0 && <p class="muted">No text.</p>}
      {parts.map((part, index) =>
        part.kind === 'folded' ? (
          <div key={index} class="diff-fold">
            … {part.count} unchanged {part.count === 1 ? 'line' : 'lines'}
          </div>
        ) : (
          part.lines.map((line, at) => (
            <div key={`${index}-${at}`} class={`diff-line ${line.kind}`}>
              <span class="diff-mark" aria-hidden="true">
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
              </span>
              {line.kind === 'added' ? (
                <ins>
                  <span class="visually-hidden">Added: </span>
                  {line.text}
                </ins>
              ) : line.kind === 'removed' ? (
                <del>
                  <span class="visually-hidden">Removed: </span>
                  {line.text}
                </del>
              ) : (
                <span>{line.text}</span>
              )}
            </div>
          ))
        ),
      )}
    </div>
  );
}
