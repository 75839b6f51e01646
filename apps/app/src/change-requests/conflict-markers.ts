/**
 * The conflict markers an update from the space writes into a change request's page body
 * (docs/api-decisions.md, "Merge and update"): paragraphs of inline code around both versions,
 * `<<<<<<< change request` … `=======` … `>>>>>>> space`.
 */
export interface ConflictRegion {
  changeRequest: string[];
  space: string[];
}

export type ConflictChoice = 'change-request' | 'space';

const OPEN = /^`<<<<<<< (.*)`$/;
const MIDDLE = /^`=======`$/;
const CLOSE = /^`>>>>>>> (.*)`$/;

type Piece = { kind: 'text'; lines: string[] } | { kind: 'conflict'; region: ConflictRegion };

/** The body cut into plain text and conflict regions; a marker without its partners stays text. */
function pieces(markdown: string): Piece[] {
  const lines = markdown.split('\n');
  const out: Piece[] = [];
  let text: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const open = OPEN.exec(lines[index].trim());
    const middle = open ? findFrom(lines, index + 1, MIDDLE) : -1;
    const close = middle >= 0 ? findFrom(lines, middle + 1, CLOSE) : -1;
    if (!open || close < 0) {
      text.push(lines[index++]);
      continue;
    }
    // The first side is the one named by the opening marker.
    const first = trimBlank(lines.slice(index + 1, middle));
    const second = trimBlank(lines.slice(middle + 1, close));
    const changeRequestFirst = open[1] !== 'space';
    out.push({ kind: 'text', lines: text });
    out.push({ kind: 'conflict', region: changeRequestFirst ? { changeRequest: first, space: second } : { changeRequest: second, space: first } });
    text = [];
    index = close + 1;
  }
  out.push({ kind: 'text', lines: text });
  return out;
}

/** The conflict regions of a page body, in order (none: the body has no conflict left). */
export function conflictRegions(markdown: string): ConflictRegion[] {
  return pieces(markdown).flatMap((piece) => (piece.kind === 'conflict' ? [piece.region] : []));
}

/** The body with each conflict region replaced by the chosen version, its markers gone. */
export function resolveConflicts(markdown: string, choice: ConflictChoice): string {
  const lines = pieces(markdown).flatMap((piece) => (piece.kind === 'text' ? piece.lines : choice === 'space' ? piece.region.space : piece.region.changeRequest));
  // The markers were paragraphs of their own: the blank lines around them would pile up.
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}

function findFrom(lines: string[], from: number, pattern: RegExp): number {
  for (let index = from; index < lines.length; index++) if (pattern.test(lines[index].trim())) return index;
  return -1;
}

function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].trim() === '') start++;
  while (end > start && lines[end - 1].trim() === '') end--;
  return lines.slice(start, end);
}
