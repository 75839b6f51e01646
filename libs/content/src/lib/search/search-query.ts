/** At most this many words of a query are searched for (the rest is ignored). */
export const MAX_QUERY_WORDS = 32;

/**
 * What a search looks for, as `to_tsquery` inputs. Every word is required (`&`), anywhere in the
 * page; the last one is also matched as a prefix (`:*`), so that results follow typing. Words
 * are runs of letters and digits (any script), so nothing of the user's text reaches the
 * tsquery syntax: no operator, no quote.
 */
export interface SearchTerms {
  /** Every word but the last, joined with `&`; null when the query has one word. */
  leading: string | null;
  /** The last word as a prefix (`'word':*`); null when the query has no word at all. */
  last: string | null;
  /** Every word, any of them (`|`), the last as a prefix: which sections of a result to show. */
  any: string | null;
}

export function queryWords(query: string): string[] {
  return query
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_QUERY_WORDS);
}

export function searchTerms(query: string): SearchTerms {
  const words = queryWords(query);
  if (words.length === 0) return { leading: null, last: null, any: null };
  const quoted = words.map((word) => `'${word}'`);
  const last = `${quoted[quoted.length - 1]}:*`;
  return {
    leading: quoted.length > 1 ? quoted.slice(0, -1).join(' & ') : null,
    last,
    any: [...quoted.slice(0, -1), last].join(' | '),
  };
}
