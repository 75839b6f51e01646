import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * The response shape of the search in the project's OpenAPI document, summarized from the
 * reference's `SearchPageResult` (the tests validate each answer against the reference itself).
 */
const SEARCH_SECTION_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'title', 'path', 'body', 'urls'],
  properties: {
    id: { type: 'string', description: "The heading's anchor (the page id for the text before the first heading)." },
    title: { type: 'string' },
    path: { type: 'string', description: 'The page path and `#anchor`.' },
    body: { type: 'string', description: 'An excerpt around the first match.' },
    urls: { type: 'object', properties: { app: { type: 'string' } } },
  },
};

const SEARCH_PAGE_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The reference's SearchPageResult.",
  required: ['id', 'title', 'path', 'urls'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    path: { type: 'string' },
    sections: { type: 'array', items: SEARCH_SECTION_SCHEMA },
    urls: { type: 'object', properties: { app: { type: 'string' } } },
  },
};

export const SEARCH_RESULTS_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count'],
  properties: {
    items: { type: 'array', items: SEARCH_PAGE_SCHEMA },
    count: { type: 'number' },
    next: { type: 'object', properties: { page: { type: 'string' } } },
  },
};

/** The organization search's answer: the reference's `SearchSpaceResult`s (a space and its best pages). */
export const SEARCH_SPACE_RESULTS_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        description: "The reference's SearchSpaceResult.",
        required: ['id', 'title', 'pages'],
        properties: { id: { type: 'string' }, title: { type: 'string' }, pages: { type: 'array', items: SEARCH_PAGE_SCHEMA } },
      },
    },
    count: { type: 'number', description: 'Spaces with matches.' },
    next: { type: 'object', properties: { page: { type: 'string' } } },
  },
};
