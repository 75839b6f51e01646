/**
 * Page bodies: markdown <-> the reference's JSONDocument, and what the content services read out
 * of a document (its links for the links table, its sections for search). Pure functions: no
 * database, no revision; resolving paths and ids against a revision is the caller's job.
 */
export type { JSONDocument } from '@gitbook/api';
export { markdownToDocument } from './markdown-to-document';
export { documentToMarkdown } from './document-to-markdown';
export { extractLinks, classifyRef, classifyUrl } from './extract-links';
export type { DocumentLink, DocumentLinkTarget } from './extract-links';
export { extractSections } from './extract-sections';
export type { DocumentSection } from './extract-sections';
export { extractAnchors } from './document-outline';
export { slugifyHeading } from './heading-anchors';
export { refFromUrl, urlFromRef, REF_SCHEME } from './content-ref-url';
export type { RefResolver } from './content-ref-url';
export { documentDepth, DOCUMENT_MAX_DEPTH } from './document-depth';
export { tableRefValue, tableValueRef } from './html-table';
