import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/**
 * `/v1/user/tokens` is an extension: the reference has no schema for it. Its 2xx bodies are
 * checked against these instead (docs/api-decisions.md, "A person's own tokens"), in its tests
 * and in the fuzz suite.
 */
const dateTime = { type: 'string', format: 'date-time' };
const TOKEN_PROPERTIES = {
  object: { const: 'api-token' },
  id: { type: 'string', minLength: 1 },
  label: { type: 'string', minLength: 1, maxLength: 100 },
  prefix: { type: 'string', pattern: '^dpt_' },
  createdAt: dateTime,
  revokedAt: { anyOf: [{ type: 'null' }, dateTime] },
};
const TOKEN = { type: 'object', additionalProperties: false, required: Object.keys(TOKEN_PROPERTIES), properties: TOKEN_PROPERTIES };
const CREATED = {
  type: 'object',
  additionalProperties: false,
  required: [...Object.keys(TOKEN_PROPERTIES), 'token'],
  properties: { ...TOKEN_PROPERTIES, token: { type: 'string', pattern: '^dpt_[0-9A-Za-z]{43}$' } },
};
const LIST = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'count'],
  properties: {
    items: { type: 'array', items: TOKEN },
    count: { type: 'integer', minimum: 0 },
    next: { type: 'object', additionalProperties: false, required: ['page'], properties: { page: { type: 'string' } } },
  },
};

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validators = { token: ajv.compile(TOKEN), created: ajv.compile(CREATED), list: ajv.compile(LIST) };

/** The contract of every 2xx body under `/v1/user/tokens`. */
export const userTokenContract = (body: unknown): string[] => {
  const value = body as Record<string, unknown> | null;
  const validate = Array.isArray(value?.['items']) ? validators.list : value && 'token' in value ? validators.created : validators.token;
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
};

/** Whether a path is one of `/v1/user/tokens` (the fuzz suite picks the contract by path). */
export const isUserTokenPath = (path: string): boolean => /^\/v1\/user\/tokens(\/|$)/.test(path);
