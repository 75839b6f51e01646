import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * The response shapes of the content operations in the project's OpenAPI document: the
 * reference's `RevisionPage`, `RevisionFile` and `Revision`, summarized (the reference document
 * has every detail; the tests validate each answer against it).
 */
export const REVISION_PAGE_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The reference's RevisionPage: a document, group or link page with its child pages in `pages`.",
  required: ['id', 'title', 'kind', 'type'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    kind: { type: 'string', enum: ['sheet', 'group', 'link'] },
    type: { type: 'string', enum: ['document', 'group', 'link'] },
    slug: { type: 'string', description: 'Unique among siblings (documents and groups).' },
    path: { type: 'string', description: 'The joined slugs from the top level (documents and groups).' },
    emoji: { type: 'string' },
    description: { type: 'string' },
    hidden: { type: 'boolean' },
    noIndex: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    urls: { type: 'object', properties: { app: { type: 'string' } } },
    layout: { type: 'object', additionalProperties: true },
    documentId: { type: 'string', description: 'Content hash of the body (absent when empty).' },
    document: { type: 'object', additionalProperties: true, description: "The body as the reference's JSONDocument (format=document)." },
    markdown: { type: 'string', description: 'The body as markdown (format=markdown).' },
    target: { type: 'object', additionalProperties: true, description: 'Links: `{kind: "url", url}`.' },
    href: { type: 'string' },
    pages: { type: 'array', items: { type: 'object', additionalProperties: true, description: 'Child pages, same shape.' } },
  },
};

export const PAGES_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['pages'],
  properties: { pages: { type: 'array', items: REVISION_PAGE_SCHEMA } },
};

export const REVISION_FILE_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The reference's RevisionFile.",
  required: ['id', 'name', 'contentType', 'downloadURL', 'size'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    contentType: { type: 'string' },
    downloadURL: { type: 'string', description: 'Signed, expiring (at least one hour); works without a bearer token.' },
    size: { type: 'number' },
    dimensions: { type: 'object', properties: { width: { type: 'number' }, height: { type: 'number' } } },
  },
};

export const FILE_LIST_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count'],
  properties: {
    items: { type: 'array', items: REVISION_FILE_SCHEMA },
    count: { type: 'number' },
    next: { type: 'object', properties: { page: { type: 'string' } } },
  },
};

export const REVISION_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The reference's Revision: its pages (with bodies), files, reusable contents and variables.",
  required: ['object', 'id', 'type', 'parents', 'pages', 'files', 'reusableContents', 'createdAt', 'urls'],
  properties: {
    object: { type: 'string', enum: ['revision'] },
    id: { type: 'string' },
    type: { type: 'string', enum: ['edits', 'merge', 'rollback', 'update', 'computed'] },
    parents: { type: 'array', items: { type: 'string' } },
    pages: { type: 'array', items: REVISION_PAGE_SCHEMA },
    files: { type: 'array', items: REVISION_FILE_SCHEMA },
    reusableContents: { type: 'array', items: { type: 'object', additionalProperties: true } },
    variables: { type: 'object', additionalProperties: true },
    createdAt: { type: 'string', format: 'date-time' },
    urls: { type: 'object', properties: { app: { type: 'string' } } },
  },
};
