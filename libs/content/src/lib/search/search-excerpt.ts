/** A section body at most this long is its own excerpt. */
export const EXCERPT_LENGTH = 240;
/** How much text comes before the first match in an excerpt. */
const LEAD = 60;

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The part of a section's text shown in a search result: the whole text when it is short, else
 * about `EXCERPT_LENGTH` characters from a little before the first word that starts with one of
 * `words` (the query's words, lower case), cut at word boundaries and marked with `…`. When no
 * word is found as written (the match came from stemming), the excerpt is the beginning.
 */
export function excerpt(text: string, words: string[]): string {
  const body = text.replace(/\s+/g, ' ').trim();
  if (body.length <= EXCERPT_LENGTH) return body;
  const lower = body.toLowerCase();
  let first = -1;
  for (const word of words) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
      if (at === 0 || !WORD_CHAR.test(lower[at - 1])) {
        if (first < 0 || at < first) first = at;
        break;
      }
    }
  }
  let start = first <= LEAD ? 0 : first - LEAD;
  if (start > 0) {
    const space = body.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(body.length, start + EXCERPT_LENGTH);
  if (end < body.length) {
    const space = body.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  return `${start > 0 ? '…' : ''}${body.slice(start, end)}${end < body.length ? '…' : ''}`;
}
