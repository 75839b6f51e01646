/**
 * The document model: the reference's JSONDocument, markdown <-> document in GitBook's
 * conventions, the check of a document against the reference, and what the content services read
 * out of a document (its links, its sections, its headings' anchors). Pure functions for the server
 * and the browser alike: no I/O, no Node modules; resolving paths and ids against a revision is
 * the caller's job.
 */
export type { JSONDocument } from '@gitbook/api';
export { emptyDocument } from './lib/empty-document';
export { markdownToDocument } from './lib/markdown-to-document';
export { documentToMarkdown } from './lib/document-to-markdown';
export { JsonDocumentValidator } from './lib/json-document-validator';
export type { JsonDocumentCheck, ReferenceSchemas } from './lib/json-document-validator';
export { extractLinks, classifyRef, classifyUrl } from './lib/extract-links';
export type { DocumentLink, DocumentLinkTarget } from './lib/extract-links';
export { extractSections } from './lib/extract-sections';
export type { DocumentSection } from './lib/extract-sections';
export { extractAnchors } from './lib/document-outline';
export { slugifyHeading, HeadingAnchors } from './lib/heading-anchors';
export { refFromUrl, urlFromRef, REF_SCHEME } from './lib/content-ref-url';
export type { RefResolver } from './lib/content-ref-url';
export { documentDepth, DOCUMENT_MAX_DEPTH } from './lib/document-depth';
export { tableRefValue, tableValueRef } from './lib/html-table';
export { tableRows } from './lib/block-fitting';
export { plainText } from './lib/document-text';
export type { DocLeaf, DocMark, DocNode } from './lib/document-nodes';
