/**
 * The ONE place that names the markdown <-> JSONDocument converter. Until the full converter
 * (`../documents`) is merged it is the interim one; at merge, change this import only.
 */
export { documentToMarkdown, markdownToDocument } from './interim-document-codec';
export type { JSONDocument } from './interim-document-codec';
