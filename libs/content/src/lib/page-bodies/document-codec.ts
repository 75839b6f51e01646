/**
 * The ONE place that names the markdown <-> JSONDocument converter (`../documents`, merged from
 * issue-8-documents; the interim paragraphs-and-headings converter is no longer used).
 */
export { documentToMarkdown, markdownToDocument } from '../documents';
export type { JSONDocument } from '../documents';
