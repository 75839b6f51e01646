import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/**
 * `GET /v1/orgs/{organizationId}/invites` (the pending invitations) is an extension: the reference
 * has only the POST. Its 2xx bodies are checked against this instead (docs/api-decisions.md,
 * "Invites"), in its tests and in the fuzz suite.
 */
const INVITATION_PROPERTIES = {
  object: { const: 'invitation' },
  id: { type: 'string', minLength: 1 },
  email: { type: 'string', format: 'email' },
  userId: { type: 'string', minLength: 1 },
  role: { enum: ['admin', 'create', 'review', 'edit', 'comment', 'read', null] },
  createdAt: { type: 'string', format: 'date-time' },
  expiresAt: { type: 'string', format: 'date-time' },
};
const LIST = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'count'],
  properties: {
    items: { type: 'array', items: { type: 'object', additionalProperties: false, required: Object.keys(INVITATION_PROPERTIES), properties: INVITATION_PROPERTIES } },
    count: { type: 'integer', minimum: 0 },
    next: { type: 'object', additionalProperties: false, required: ['page'], properties: { page: { type: 'string' } } },
  },
};

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(LIST);

/** The contract of the 2xx body of listing the pending invitations. */
export const pendingInvitationsContract = (body: unknown): string[] =>
  validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);

/** Whether an operation is the listing of pending invitations (the POST beside it is the reference's). */
export const isPendingInvitationsOperation = (method: string, path: string): boolean =>
  method.toUpperCase() === 'GET' && /^\/v1\/orgs\/[^/]+\/invites$/.test(path);
