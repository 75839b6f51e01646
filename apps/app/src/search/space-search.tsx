import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api/client';
import type { ListOf, SearchPageResult } from '../api/types';
import { headedSections, resultHref } from './search-hrefs';

/** How long typing pauses before the query is sent: one request per word typed, not per key. */
const TYPING_PAUSE_MS = 200;
const RESULT_LIMIT = 20;

type Answer = { query: string; items: SearchPageResult[]; count: number } | { query: string; error: string };

/**
 * "Search this space": a search landmark with its field; results (the API's, best first) by page,
 * with the sections that matched under each, every one a link that opens the page at the
 * section. Down from the field goes into the results, Up and Down walk them, Escape goes back to
 * the field and then clears it. The number of results is announced.
 */
export function SpaceSearch({ spaceId }: { spaceId: string }) {
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<Answer>();
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const wanted = query.trim();
    if (!wanted) return setAnswer(undefined);
    let current = true;
    const timer = setTimeout(() => {
      api.get<ListOf<SearchPageResult>>(`/v1/spaces/${spaceId}/search?query=${encodeURIComponent(wanted)}&limit=${RESULT_LIMIT}`).then(
        (found) => current && setAnswer({ query: wanted, items: found.items, count: found.count }),
        (error: Error) => current && setAnswer({ query: wanted, error: error.message }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, spaceId]);

  const links = () => Array.from(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
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

  const status = !answer
    ? ''
    : 'error' in answer
      ? ''
      : answer.count === 0
        ? `No page matches “${answer.query}”.`
        : `${answer.count} ${answer.count === 1 ? 'page matches' : 'pages match'} “${answer.query}”${answer.count > answer.items.length ? `; the first ${answer.items.length} are listed` : ''}.`;

  return (
    <form role="search" aria-label="Search this space" class="space-search" onSubmit={(event) => event.preventDefault()}>
      <label class="space-search-label">
        Search this space
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
        {status}
      </p>
      {answer && 'error' in answer && (
        <p role="alert" class="error">
          Search failed: {answer.error}
        </p>
      )}
      {answer && 'items' in answer && answer.items.length > 0 && (
        <ul ref={list} class="search-results" aria-label={`Results for “${answer.query}”`} onKeyDown={onResultsKey}>
          {answer.items.map((result) => {
            const intro = result.sections?.find((section) => !section.path.includes('#'));
            const sections = headedSections(result);
            return (
              <li key={result.id}>
                <a href={resultHref(spaceId, result.path)}>{result.title || 'Untitled'}</a>
                {intro && <p class="search-excerpt">{intro.body}</p>}
                {sections.length > 0 && (
                  <ul aria-label={`Sections of ${result.title || 'Untitled'}`}>
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
          })}
        </ul>
      )}
    </form>
  );
}
