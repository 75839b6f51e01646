import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { referenceSchema } from '@docs/platform';

/** The reference's ChangeRequestReview and ChangeRequestRequestedReviewer, summarized for the project's OpenAPI document. */
const USER: SchemaObject = referenceSchema('User');

export const REVIEW_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['object', 'id', 'revision', 'reviewer', 'status', 'outdated', 'createdAt', 'updatedAt'],
  properties: {
    object: { type: 'string', enum: ['change-request-review'] },
    id: { type: 'string' },
    revision: { type: 'string', description: 'The change request head the review was made against.' },
    reviewer: USER,
    requestedBy: { allOf: [USER], description: 'Who had asked this reviewer (absent for an unrequested review).' },
    status: { type: 'string', enum: ['approved', 'changes-requested'] },
    outdated: { type: 'boolean', description: 'The head moved on, or the reviewer reviewed again since.' },
    comment: { allOf: [referenceSchema('Comment')], description: 'The review comment (markdown body).' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

export const REVIEW_LIST_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count'],
  properties: { items: { type: 'array', items: REVIEW_SCHEMA }, count: { type: 'number' }, next: { type: 'object', properties: { page: { type: 'string' } } } },
};

export const REQUESTED_REVIEWER_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['object', 'kind', 'user', 'revision', 'requestedBy', 'createdAt'],
  properties: {
    object: { type: 'string', enum: ['change-request-requested-reviewer'] },
    kind: { type: 'string', enum: ['user'] },
    user: USER,
    revision: { type: 'string', description: 'The change request head when the request was made.' },
    requestedBy: USER,
    createdAt: { type: 'string', format: 'date-time' },
  },
};

export const REQUESTED_REVIEWER_LIST_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count'],
  properties: {
    items: { type: 'array', items: REQUESTED_REVIEWER_SCHEMA },
    count: { type: 'number' },
    next: { type: 'object', properties: { page: { type: 'string' } } },
  },
};

export const REQUESTED_REVIEWERS_ANSWER_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['users'],
  properties: { users: { type: 'array', items: REQUESTED_REVIEWER_SCHEMA } },
};
