/** The reference's `ImportContentSource`. */
export const IMPORT_SOURCES = ['website', 'docx', 'markdown', 'html', 'zip', 'confluence', 'github-wiki', 'notion', 'google-docs'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Sources that need an account at another service: refused with a 400 naming them. */
export const UNAVAILABLE_SOURCES: ReadonlySet<ImportSource> = new Set(['confluence', 'github-wiki', 'notion', 'google-docs']);

/** Sources a file can be (sent as the request body, or by the CLI); the others start from a URL or another service. */
export const FILE_SOURCES = ['zip', 'markdown', 'html', 'docx'] as const;
export type FileSource = (typeof FILE_SOURCES)[number];

/** The source a raw request body is, told by its media type. */
export const SOURCE_OF_MEDIA_TYPE: Readonly<Record<string, FileSource>> = {
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
  'text/markdown': 'markdown',
  'text/html': 'html',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};
