import { queryWords, searchTerms } from './search-query';

describe('search terms', () => {
  it('requires every word and matches the last as a prefix', () => {
    expect(searchTerms('Install the CLI')).toEqual({
      leading: "'install' & 'the'",
      last: "'cli':*",
      any: "'install' | 'the' | 'cli':*",
    });
  });

  it('keeps letters and digits of any script, drops everything that is tsquery syntax', () => {
    expect(queryWords(`a&b | !c:* 'd' (e) <-> f\\g`)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(queryWords('Überblick été 東京 v2')).toEqual(['überblick', 'été', '東京', 'v2']);
  });

  it('has nothing to look for in a query without words', () => {
    expect(searchTerms('  ?! ')).toEqual({ leading: null, last: null, any: null });
    expect(searchTerms('one')).toEqual({ leading: null, last: "'one':*", any: "'one':*" });
  });

  it('looks for at most 32 words', () => {
    expect(queryWords(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))).toHaveLength(32);
  });
});
