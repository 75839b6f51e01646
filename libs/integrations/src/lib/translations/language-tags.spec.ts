import { canonicalLanguageTag, canonicalLanguageTags } from './language-tags';

describe('language tags', () => {
  it.each([
    ['en', 'en'],
    ['en-us', 'en-US'],
    ['FR-ca', 'fr-CA'],
    ['zh-hant-tw', 'zh-Hant-TW'],
    ['sr-Latn', 'sr-Latn'],
  ])('canonicalizes %s to %s', (tag, canonical) => expect(canonicalLanguageTag(tag)).toBe(canonical));

  it.each(['', 'english!', 'en_US', 'a', '123', 'en--us', 'x'])('rejects %p', (tag) => expect(canonicalLanguageTag(tag)).toBeUndefined());

  it('drops duplicates after canonicalization, keeping the first order', () => {
    expect(canonicalLanguageTags(['fr', 'en-us', 'EN-US', 'de'])).toEqual(['fr', 'en-US', 'de']);
  });

  it('throws on an invalid tag', () => expect(() => canonicalLanguageTags(['en', 'nope!'])).toThrow(/nope!/));
});
