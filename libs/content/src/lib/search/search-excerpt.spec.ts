import { excerpt, EXCERPT_LENGTH } from './search-excerpt';

describe('excerpt', () => {
  const long = (middle: string) => `${'alpha '.repeat(60)}${middle} ${'omega '.repeat(60)}`.trim();

  it('gives a short text whole, spaces folded', () => {
    expect(excerpt('  One  line\nand another. ', ['one'])).toBe('One line and another.');
  });

  it('cuts a long text around the first word starting with a query word, at word boundaries', () => {
    const cut = excerpt(long('the Platypus swims'), ['platyp']);
    expect(cut).toMatch(/^…alpha .* the Platypus swims omega .*…$/);
    expect(cut.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 2);
  });

  it('matches at word starts only, and starts at the beginning when nothing matches as written', () => {
    expect(excerpt(long('xplatypus'), ['platypus']).startsWith('alpha')).toBe(true);
    expect(excerpt(long('running'), ['runs']).startsWith('alpha alpha')).toBe(true);
  });
});
