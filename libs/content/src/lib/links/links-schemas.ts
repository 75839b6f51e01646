import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { REVISION_FILE_SCHEMA, REVISION_PAGE_SCHEMA } from '../content-reads/content-schemas';

/**
 * The response shapes of the links operations in the project's OpenAPI document, summarized
 * from the reference's `ContentLocation` and `ContentReferenceUsage` (the tests validate each
 * answer against the reference itself).
 */
const LIST_PROPERTIES = {
  count: { type: 'number' },
  next: { type: 'object', properties: { page: { type: 'string' } } },
} as const;

const CONTENT_LOCATION_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The reference's ContentLocation: `page` (organization, space, page, internalLocation), `file`, `space` or `url`.",
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['page', 'file', 'space', 'url'] },
    organization: { type: 'object', additionalProperties: true },
    space: { type: 'object', additionalProperties: true },
    page: REVISION_PAGE_SCHEMA,
    file: REVISION_FILE_SCHEMA,
    url: { type: 'string' },
    internalLocation: { type: 'object', properties: { type: { type: 'string', enum: ['anchor'] }, anchor: { type: 'string' } } },
  },
};

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
      items: {
        type: 'object',
        description: "The reference's ContentReferenceUsage: one target, its status, and where links to it are written.",
        required: ['status', 'relation', 'locationReferences'],
        properties: {
          status: { type: 'string', enum: ['ok', 'broken', 'in-app'] },
          relation: { type: 'string', enum: ['reference', 'dependsOn'] },
          targetReference: CONTENT_LOCATION_SCHEMA,
          locationReferences: { type: 'array', items: CONTENT_LOCATION_SCHEMA },
        },
      },
    },
    stats: {
      type: 'object',
      required: ['total', 'broken'],
      properties: { total: { type: 'number' }, broken: { type: 'object', required: ['total'], properties: { total: { type: 'number' } } } },
    },
    ...LIST_PROPERTIES,
  },
};
