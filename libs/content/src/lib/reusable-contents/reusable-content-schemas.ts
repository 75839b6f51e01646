import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/** The reference's `RevisionReusableContent`, summarized for the project's OpenAPI document. */
export const REVISION_REUSABLE_CONTENT_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The reference's RevisionReusableContent.",
  required: ['id', 'title'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    document: { type: 'string', description: 'Content hash of the body (absent when empty).' },
  },
};

/** The reference's `JSONDocument`, summarized. */
export const JSON_DOCUMENT_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The reference's JSONDocument.",
  required: ['object', 'data', 'nodes'],
  properties: {
    object: { type: 'string', enum: ['document'] },
    data: { type: 'object', additionalProperties: true },
    nodes: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
};

/** The reference's `Variables`. */
export const VARIABLES_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The reference's Variables: name -> string (at most 256), number or boolean.",
  additionalProperties: { oneOf: [{ type: 'string', maxLength: 256 }, { type: 'number' }, { type: 'boolean' }] },
};
