import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { referenceSchema } from '@docs/platform';

/** The reference's ChangeRequest, summarized for the project's OpenAPI document (tests validate answers against the reference). */
export const CHANGE_REQUEST_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['object', 'id', 'number', 'status', 'subject', 'createdAt', 'updatedAt', 'space', 'revision', 'revisionInitial', 'comments', 'outdated', 'urls'],
  properties: {
    object: { type: 'string', enum: ['change-request'] },
    id: { type: 'string' },
    number: { type: 'number', description: 'Incremental within the space, never reused.' },
    status: { type: 'string', enum: ['draft', 'open', 'archived', 'merged'] },
    subject: { type: 'string', maxLength: 100 },
    createdBy: { allOf: [referenceSchema('User')], description: 'Absent once that account is deleted.' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    space: { type: 'string' },
    revision: { type: 'string', description: 'Its head revision.' },
    revisionInitial: { type: 'string' },
    revisionMergedAncestor: { type: 'string' },
    revisionMerged: { type: 'string' },
    comments: { type: 'number' },
    outdated: { type: 'boolean' },
    urls: { type: 'object', properties: { app: { type: 'string' }, location: { type: 'string' } } },
    conflicts: { type: 'array', items: { type: 'string' }, description: 'Extension: pages an update left in conflict (merge is refused until each is written).' },
    permissions: {
      type: 'object',
      description: 'Extension: what the caller may do (docs/permissions.md).',
      properties: Object.fromEntries(['view', 'comment', 'edit', 'archive', 'review', 'merge'].map((key) => [key, { type: 'boolean' }])),
    },
  },
};

export const CHANGE_REQUEST_LIST_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count'],
  properties: { items: { type: 'array', items: CHANGE_REQUEST_SCHEMA }, count: { type: 'number' }, next: { type: 'object', properties: { page: { type: 'string' } } } },
};

export const MERGE_ANSWER_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['revision', 'result', 'conflicts'],
  properties: {
    revision: { type: 'string', description: 'The resulting revision (on conflicts: the change request head, unchanged by a merge).' },
    result: { type: 'string', enum: ['merge', 'update', 'conflicts'] },
    conflicts: {
      type: 'array',
      description: 'Extension: the conflicting pages (`pageId`), reusable contents (`reusableContentId`) and variables (`variable`).',
      items: {
        type: 'object',
        required: ['title', 'reason'],
        properties: {
          pageId: { type: 'string' },
          reusableContentId: { type: 'string' },
          variable: { type: 'string' },
          title: { type: 'string' },
          reason: {
            type: 'string',
            enum: ['edited-and-deleted', 'deleted-and-edited', 'fields', 'body', 'moved', 'parent-deleted', 'reusable-content', 'variable'],
          },
          fields: { type: 'array', items: { type: 'string' } },
          markdown: { type: 'string', description: 'For body conflicts: the body with both versions between git-style markers.' },
        },
      },
    },
  },
};
