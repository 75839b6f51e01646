import { diffComm } from 'node-diff3';

export type DiffLine = { kind: 'same' | 'removed' | 'added'; text: string };

/** What a before/after view shows: runs of lines, long unchanged stretches folded. */
export type DiffPart = { kind: 'lines'; lines: DiffLine[] } | { kind: 'folded'; count: number };

/** The lines of `before` and `after` (markdown of one page) in order: kept, removed, added (`node-diff3`'s longest common subsequence). */
export function lineDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const region of diffComm(splitLines(before), splitLines(after))) {
    if (region.common) lines.push(...region.common.map((text) => ({ kind: 'same' as const, text })));
    else {
      lines.push(...(region.buffer1 ?? []).map((text) => ({ kind: 'removed' as const, text })));
      lines.push(...(region.buffer2 ?? []).map((text) => ({ kind: 'added' as const, text })));
    }
  }
  return lines;
}

/** Unchanged stretches longer than twice `context` lines are folded, keeping `context` lines around each change. */
export function foldUnchanged(lines: DiffLine[], context = 2): DiffPart[] {
  const parts: DiffPart[] = [];
  let shown: DiffLine[] = [];
  let index = 0;
  while (index < lines.length) {
    if (lines[index].kind !== 'same') {
      shown.push(lines[index++]);
      continue;
    }
    let end = index;
    while (end < lines.length && lines[end].kind === 'same') end++;
    const run = lines.slice(index, end);
    const keepBefore = index === 0 ? 0 : context;
    const keepAfter = end === lines.length ? 0 : context;
    if (run.length > keepBefore + keepAfter) {
      shown.push(...run.slice(0, keepBefore));
      if (shown.length > 0) parts.push({ kind: 'lines', lines: shown });
      parts.push({ kind: 'folded', count: run.length - keepBefore - keepAfter });
      shown = run.slice(run.length - keepAfter);
    } else shown.push(...run);
    index = end;
  }
  if (shown.length > 0) parts.push({ kind: 'lines', lines: shown });
  return parts;
}

/** A text's lines; the final newline of a markdown body is not a line of its own. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\n$/, '').split('\n');
}
