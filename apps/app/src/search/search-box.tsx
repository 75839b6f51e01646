import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api/client';
import type { ListOf, SearchPageResult } from '../api/types';
import { headedSections, resultHref } from './search-hrefs';

/** How long typing pauses before the query is sent: one request per word typed, not per key. */
const TYPING_PAUSE_MS = 200;

export type SearchAnswer<T> = { query: string; items: T[]; count: number } | { query: string; error: string };

interface SearchBoxProps<T> {
  /** The landmark's and the field's name ("Search this space"). */
  label: string;
  class: string;
  /** The API's search operation (`/v1/spaces/{id}/search`), asked for `limit` results. */
  endpoint: string;
  limit: number;
  /** What the status region announces for an answer. */
  summary: (answer: { query: string; items: T[]; count: number }) => string;
  /** The results of an answer with at least one item. */
  children: (answer: { query: string; items: T[] }) => ComponentChildren;
}

/**
 * A search landmark with its field, sending the query once typing pauses; the answer's summary is
 * announced and its results shown. Down from the field goes into the results, Up and Down walk
 * their links, Home and End jump, Escape goes back to the field and then clears it.
 */
export function SearchBox<T>({ label, class: className, endpoint, limit, summary, children }: SearchBoxProps<T>) {
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<SearchAnswer<T>>();
  const field = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const wanted = query.trim();
    if (!wanted) return setAnswer(undefined);
    let current = true;
    const timer = setTimeout(() => {
      api.get<ListOf<T>>(`${endpoint}?query=${encodeURIComponent(wanted)}&limit=${limit}`).then(
        (found) => current && setAnswer({ query: wanted, items: found.items, count: found.count }),
        (error: Error) => current && setAnswer({ query: wanted, error: error.message }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, endpoint, limit]);

  const links = () => Array.from(results.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const onResultsKey = (event: KeyboardEvent) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') all[Math.min(index + 1, all.length - 1)]?.focus();
    else if (event.key === 'ArrowUp') (index <= 0 ? field.current : all[index - 1])?.focus();
    else if (event.key === 'Home') all[0]?.focus();
    else if (event.key === 'End') all[all.length - 1]?.focus();
    else if (event.key === 'Escape') field.current?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <form role="search" aria-label={label} class={className} onSubmit={(event) => event.preventDefault()}>
      <label class="space-search-label">
        {label}
        <input
          ref={field}
          type="search"
          value={query}
          autoComplete="off"
          onInput={(event) => setQuery((event.target as HTMLInputElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && links().length > 0) {
              event.preventDefault();
              links()[0].focus();
            } else if (event.key === 'Escape' && query) {
              event.preventDefault();
              setQuery('');
            }
          }}
        />
      </label>
      <p role="status" class="search-status">
        {answer && 'items' in answer ? summary(answer) : ''}
      </p>
      {answer && 'error' in answer && (
        <p role="alert" class="error">
          Search failed: {answer.error}
        </p>
      )}
      {answer && 'items' in answer && answer.items.length > 0 && (
        <div ref={results} onKeyDown={onResultsKey}>
          {children(answer)}
        </div>
      )}
    </form>
  );
}

/** One page of a search answer: its link, the text before its first heading, and the sections that matched. */
export function PageResult({ spaceId, page }: { spaceId: string; page: SearchPageResult }) {
  const intro = page.sections?.find((section) => !section.path.includes('#'));
  const sections = headedSections(page);
  return (
    <li>
      <a href={resultHref(spaceId, page.path)}>{page.title || 'Untitled'}</a>
      {intro && <p class="search-excerpt">{intro.body}</p>}
      {sections.length > 0 && (
        <ul aria-label={`Sections of ${page.title || 'Untitled'}`}>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={resultHref(spaceId, section.path)}>{section.title}</a>
              <p class="search-excerpt">{section.body}</p>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
