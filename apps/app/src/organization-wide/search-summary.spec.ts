import { organizationSearchSummary } from './search-summary';

describe('organizationSearchSummary', () => {
  it('says how many spaces match, and when only the first are listed', () => {
    expect(organizationSearchSummary('otter', 0, 0)).toBe('Nothing matches “otter” in the spaces you can read.');
    expect(organizationSearchSummary('otter', 1, 1)).toBe('1 space has pages matching “otter”.');
    expect(organizationSearchSummary('otter', 3, 3)).toBe('3 spaces have pages matching “otter”.');
    expect(organizationSearchSummary('otter', 30, 20)).toBe('30 spaces have pages matching “otter”; the first 20 are listed.');
  });
});
