/** At most this many languages per translation settings. */
export const MAX_LANGUAGES = 100;

/**
 * The canonical form of a BCP 47 language tag (`en-us` -> `en-US`), by the platform's `Intl`,
 * or undefined when `Intl` rejects it. No hand-kept list: whatever ICU knows to be well-formed.
 */
export function canonicalLanguageTag(tag: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical;
  } catch {
    return undefined;
  }
}

/** The tags canonicalized, duplicates (after canonicalization) dropped, first occurrence kept. */
export function canonicalLanguageTags(tags: string[]): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    const canonical = canonicalLanguageTag(tag);
    if (canonical === undefined) throw new Error(`not a BCP 47 language tag: ${tag}`);
    if (!out.includes(canonical)) out.push(canonical);
  }
  return out;
}
