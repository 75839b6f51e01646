import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api/client';
import type { SearchSpaceResult } from '../api/organization-wide-types';
import type { ListOf } from '../api/types';
import { headedSections, resultHref } from '../search/search-hrefs';
import { organizationSearchSummary } from './search-summary';

/** How long typing pauses before the query is sent: one request per word typed, not per key. */
const TYPING_PAUSE_MS = 200;
/** Spaces listed per answer (each with its best pages). */
const SPACE_LIMIT = 20;

type Answer = { query: string; items: SearchSpaceResult[]; count: number } | { query: string; error: string };

/**
 * "Search all spaces": a search landmark whose results are grouped by space (a heading per space,
 * best space first), each page a link that opens it, sections that matched under it. Down from the
 * field goes into the results, Up and Down walk the links, Escape goes back to the field and then
 * clears it. The summary is announced.
 */
export function OrganizationSearch({ organizationId }: { organizationId: string }) {
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<Answer>();
  const field = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const wanted = query.trim();
    if (!wanted) return setAnswer(undefined);
    let current = true;
    const timer = setTimeout(() => {
      api.get<ListOf<SearchSpaceResult>>(`/v1/orgs/${organizationId}/search?query=${encodeURIComponent(wanted)}&limit=${SPACE_LIMIT}`).then(
        (found) => current && setAnswer({ query: wanted, items: found.items, count: found.count }),
        (error: Error) => current && setAnswer({ query: wanted, error: error.message }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, organizationId]);

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
    <form role="search" aria-label="Search all spaces" class="space-search organization-search" onSubmit={(event) => event.preventDefault()}>
      <label class="space-search-label">
        Search all spaces
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
        {answer && 'items' in answer ? organizationSearchSummary(answer.query, answer.count, answer.items.length) : ''}
      </p>
      {answer && 'error' in answer && (
        <p role="alert" class="error">
          Search failed: {answer.error}
        </p>
      )}
      {answer && 'items' in answer && answer.items.length > 0 && (
        <div ref={results} class="organization-search-results" onKeyDown={onResultsKey}>
          {answer.items.map((space) => (
            <section key={space.id} aria-labelledby={`search-space-${space.id}`}>
              <h3 id={`search-space-${space.id}`}>{space.title || 'Untitled space'}</h3>
              <ul class="search-results" aria-label={`Pages of ${space.title || 'Untitled space'}`}>
                {space.pages.map((page) => {
                  const intro = page.sections?.find((section) => !section.path.includes('#'));
                  const sections = headedSections(page);
                  return (
                    <li key={page.id}>
                      <a href={resultHref(space.id, page.path)}>{page.title || 'Untitled'}</a>
                      {intro && <p class="search-excerpt">{intro.body}</p>}
                      {sections.length > 0 && (
                        <ul aria-label={`Sections of ${page.title || 'Untitled'}`}>
                          {sections.map((section) => (
                            <li key={section.id}>
                              <a href={resultHref(space.id, section.path)}>{section.title}</a>
                              <p class="search-excerpt">{section.body}</p>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </form>
  );
}
