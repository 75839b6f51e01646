import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { referenceSchema } from '@docs/platform';

/**
 * The response shapes of the content operations in the project's OpenAPI document: the
 * reference's `RevisionPage`, `RevisionFile` and `Revision`, taken from the reference itself
 * (`referenceSchema`). A page without its body (trees, child pages) is the reference's "Empty"
 * document, read as API-CONVENTIONS says.
 */
export const REVISION_PAGE_SCHEMA: SchemaObject = referenceSchema('RevisionPage');

export const PAGES_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['pages'],
  properties: { pages: { type: 'array', items: REVISION_PAGE_SCHEMA } },
};

export const REVISION_FILE_SCHEMA: SchemaObject = referenceSchema('RevisionFile');

export const FILE_LIST_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count'],
  properties: {
    items: { type: 'array', items: REVISION_FILE_SCHEMA },
    count: { type: 'number' },
    next: { type: 'object', required: ['page'], properties: { page: { type: 'string' } } },
  },
};

export const REVISION_SCHEMA: SchemaObject = referenceSchema('Revision');
