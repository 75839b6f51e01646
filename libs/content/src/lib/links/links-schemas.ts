import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { referenceSchema } from '@docs/platform';

/**
 * The response shapes of the links operations in the project's OpenAPI document: lists of the
 * reference's `ContentLocation` and `ContentReferenceUsage` (`referenceSchema`).
 */
const LIST_PROPERTIES = {
  count: { type: 'number' },
  next: { type: 'object', properties: { page: { type: 'string' } } },
} as const;

const CONTENT_LOCATION_SCHEMA: SchemaObject = referenceSchema('ContentLocation');

export const BACKLINKS_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count'],
  properties: { items: { type: 'array', items: CONTENT_LOCATION_SCHEMA }, ...LIST_PROPERTIES },
};

export const LINKS_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count', 'stats'],
  properties: {
    items: {
      type: 'array',
      items: referenceSchema('ContentReferenceUsage'),
    },
    stats: {
      type: 'object',
      required: ['total', 'broken'],
      properties: { total: { type: 'number' }, broken: { type: 'object', required: ['total'], properties: { total: { type: 'number' } } } },
    },
    ...LIST_PROPERTIES,
  },
};
