import type { SearchSpaceResult } from '../api/organization-wide-types';
import { PageResult, SearchBox } from '../search/search-box';
import { organizationSearchSummary } from './search-summary';

/** Spaces listed per answer (each with its best pages). */
const SPACE_LIMIT = 20;

/**
 * "Search all spaces": results grouped by space (a heading per space, best space first), each page
 * a link that opens it, sections that matched under it.
 */
export function OrganizationSearch({ organizationId }: { organizationId: string }) {
  return (
    <SearchBox<SearchSpaceResult>
      label="Search all spaces"
      class="space-search organization-search"
      endpoint={`/v1/orgs/${organizationId}/search`}
      limit={SPACE_LIMIT}
      summary={(answer) => organizationSearchSummary(answer.query, answer.count, answer.items.length)}
    >
      {(answer) => (
        <div class="organization-search-results">
          {answer.items.map((space) => (
            <section key={space.id} aria-labelledby={`search-space-${space.id}`}>
              <h3 id={`search-space-${space.id}`}>{space.title || 'Untitled space'}</h3>
              <ul class="search-results" aria-label={`Pages of ${space.title || 'Untitled space'}`}>
                {space.pages.map((page) => (
                  <PageResult key={page.id} spaceId={space.id} page={page} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </SearchBox>
  );
}
