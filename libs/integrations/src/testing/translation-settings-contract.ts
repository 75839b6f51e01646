import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Translation settings follow spec/api.md 2.18, not the reference (API-CONVENTIONS): every 2xx
 * body is checked against this schema of the specification instead.
 */
const TRANSLATION_SETTINGS = {
  type: 'object',
  additionalProperties: false,
  required: ['object', 'id', 'title', 'languages', 'createdAt', 'updatedAt', 'permissions', 'urls'],
  properties: {
    object: { const: 'translation-settings' },
    id: { type: 'string', minLength: 1 },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    languages: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$' } },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    permissions: {
      type: 'object',
      additionalProperties: false,
      required: ['view', 'edit'],
      properties: { view: { type: 'boolean' }, edit: { type: 'boolean' } },
    },
    urls: { type: 'object', additionalProperties: false, required: ['location'], properties: { location: { type: 'string', format: 'uri' } } },
  },
};
const LIST = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'count'],
  properties: {
    items: { type: 'array', items: TRANSLATION_SETTINGS },
    count: { type: 'number' },
    next: { type: 'object', required: ['page'], properties: { page: { type: 'string' } } },
  },
};
const ajv = new Ajv({ allErrors: true });
addFormats(ajv);
const validators = { one: ajv.compile(TRANSLATION_SETTINGS), list: ajv.compile(LIST) };
export const translationSettingsContract = (body: unknown): string[] => {
  const validate = body && typeof body === 'object' && 'items' in body ? validators.list : validators.one;
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};
