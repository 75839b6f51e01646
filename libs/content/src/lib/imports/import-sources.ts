/** The reference's `ImportContentSource`. */
export const IMPORT_SOURCES = ['website', 'docx', 'markdown', 'html', 'zip', 'confluence', 'github-wiki', 'notion', 'google-docs'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Sources that need an account at another service: refused with a 400 naming them. */
export const UNAVAILABLE_SOURCES: ReadonlySet<ImportSource> = new Set(['confluence', 'github-wiki', 'notion', 'google-docs']);
