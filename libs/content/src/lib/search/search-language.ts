import type { EntityManager } from 'typeorm';

/**
 * The PostgreSQL text search configuration named for each space language that has one in a
 * stock installation (`pg_ts_config`). Languages without one, and spaces without a language,
 * use `simple` (lower-casing, no stemming, no stop words).
 */
const CONFIG_OF_LANGUAGE: Record<string, string> = {
  ar: 'arabic',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  hi: 'hindi',
  hu: 'hungarian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  'pt-br': 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sv: 'swedish',
  tr: 'turkish',
};

export const FALLBACK_CONFIG = 'simple';

/** The configuration this language would use, before checking that the server has it. */
export function configNameFor(language: string | null | undefined): string {
  return (language && CONFIG_OF_LANGUAGE[language]) || FALLBACK_CONFIG;
}

/** Which configurations the server has: asked once per process, per name. */
export class TextSearchConfigs {
  private readonly known = new Map<string, boolean>();

  /** The configuration to index and query a space of `language` with. */
  async forLanguage(db: Pick<EntityManager, 'query'>, language: string | null | undefined): Promise<string> {
    const name = configNameFor(language);
    if (name === FALLBACK_CONFIG) return name;
    let exists = this.known.get(name);
    if (exists === undefined) {
      const rows: unknown[] = await db.query(`SELECT 1 FROM pg_catalog.pg_ts_config WHERE cfgname = $1`, [name]);
      exists = rows.length > 0;
      this.known.set(name, exists);
    }
    return exists ? name : FALLBACK_CONFIG;
  }
}
