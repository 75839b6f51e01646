import type { SearchPageResult } from '../api/types';
import { PageResult, SearchBox } from './search-box';

const RESULT_LIMIT = 20;

/** What "Search this space" announces: how many pages match, and how many are listed. */
function spaceSearchSummary({ query, items, count }: { query: string; items: SearchPageResult[]; count: number }): string {
  if (count === 0) return `No page matches “${query}”.`;
  return `${count} ${count === 1 ? 'page matches' : 'pages match'} “${query}”${count > items.length ? `; the first ${items.length} are listed` : ''}.`;
}

/**
 * "Search this space": results (the API's, best first) by page, with the sections that matched
 * under each, every one a link that opens the page at the section.
 */
export function SpaceSearch({ spaceId }: { spaceId: string }) {
  return (
    <SearchBox<SearchPageResult> label="Search this space" class="space-search" endpoint={`/v1/spaces/${spaceId}/search`} limit={RESULT_LIMIT} summary={spaceSearchSummary}>
      {(answer) => (
        <ul class="search-results" aria-label={`Results for “${answer.query}”`}>
          {answer.items.map((page) => (
            <PageResult key={page.id} spaceId={spaceId} page={page} />
          ))}
        </ul>
      )}
    </SearchBox>
  );
}
