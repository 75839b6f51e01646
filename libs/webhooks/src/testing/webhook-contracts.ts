import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { EVENT_TYPE_NAMES } from '@docs/platform';

/**
 * Webhooks are an extension resource: the reference has no schema for them. Their 2xx bodies are
 * checked against these (docs/api-decisions.md, "Events and webhooks") instead, in every test and
 * in the fuzz suite.
 */
const dateTime = { type: 'string', format: 'date-time' };
const WEBHOOK_PROPERTIES = {
  object: { const: 'webhook' },
  id: { type: 'string', minLength: 1 },
  url: { type: 'string', format: 'uri' },
  description: { type: 'string', maxLength: 256 },
  events: { type: 'array', minItems: 1, items: { enum: ['*', ...EVENT_TYPE_NAMES] } },
  spaces: { type: 'array', items: { type: 'string' } },
  sites: { type: 'array', items: { type: 'string' } },
  status: { enum: ['active', 'paused', 'disabled'] },
  disabled: {
    anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, required: ['at', 'reason'], properties: { at: dateTime, reason: { type: 'string' } } }],
  },
  createdAt: dateTime,
  updatedAt: dateTime,
  urls: {
    type: 'object',
    additionalProperties: false,
    required: ['location', 'deliveries'],
    properties: { location: { type: 'string', format: 'uri' }, deliveries: { type: 'string', format: 'uri' } },
  },
};
const WEBHOOK_REQUIRED = Object.keys(WEBHOOK_PROPERTIES);
const WEBHOOK = { type: 'object', additionalProperties: false, required: WEBHOOK_REQUIRED, properties: WEBHOOK_PROPERTIES };
const WEBHOOK_WITH_SECRET = {
  type: 'object',
  additionalProperties: false,
  required: [...WEBHOOK_REQUIRED, 'secret'],
  properties: { ...WEBHOOK_PROPERTIES, secret: { type: 'string', pattern: '^whsec_[A-Za-z0-9+/]+=*$' } },
};
const nullable = (schema: object) => ({ anyOf: [{ type: 'null' }, schema] });
const ATTEMPT = {
  type: 'object',
  additionalProperties: false,
  required: ['number', 'url', 'startedAt', 'durationMs', 'outcome', 'statusCode', 'error', 'response'],
  properties: {
    number: { type: 'integer', minimum: 1 },
    url: { type: 'string' },
    startedAt: dateTime,
    durationMs: nullable({ type: 'integer', minimum: 0 }),
    outcome: { enum: ['succeeded', 'http_error', 'redirect', 'timeout', 'network', 'refused', 'interrupted', null] },
    statusCode: nullable({ type: 'integer' }),
    error: nullable({ type: 'string' }),
    response: nullable({ type: 'string', maxLength: 1024 }),
  },
};
const DELIVERY = {
  type: 'object',
  additionalProperties: false,
  required: ['object', 'id', 'webhookId', 'kind', 'event', 'status', 'nextAttemptAt', 'attempts', 'createdAt', 'completedAt', 'urls'],
  properties: {
    object: { const: 'webhook-delivery' },
    id: { type: 'string', minLength: 1 },
    webhookId: { type: 'string', minLength: 1 },
    kind: { enum: ['event', 'redelivery', 'ping'] },
    event: nullable({
      type: 'object',
      additionalProperties: false,
      required: ['id', 'type', 'sequence'],
      properties: { id: { type: 'string' }, type: { enum: EVENT_TYPE_NAMES }, sequence: { type: 'integer', minimum: 1 } },
    }),
    status: { enum: ['pending', 'succeeded', 'failed'] },
    nextAttemptAt: nullable(dateTime),
    attempts: { type: 'array', items: ATTEMPT },
    createdAt: dateTime,
    completedAt: nullable(dateTime),
    urls: { type: 'object', additionalProperties: false, required: ['location'], properties: { location: { type: 'string', format: 'uri' } } },
  },
};
const list = (item: object) => ({
  type: 'object',
  additionalProperties: false,
  required: ['items', 'count'],
  properties: {
    items: { type: 'array', items: item },
    count: { type: 'integer', minimum: 0 },
    next: { type: 'object', additionalProperties: false, required: ['page'], properties: { page: { type: 'string' } } },
  },
});

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validators = {
  webhook: ajv.compile(WEBHOOK),
  webhookWithSecret: ajv.compile(WEBHOOK_WITH_SECRET),
  webhooks: ajv.compile(list(WEBHOOK)),
  delivery: ajv.compile(DELIVERY),
  deliveries: ajv.compile(list(DELIVERY)),
};

/** The contract of every 2xx body under `/v1/orgs/{organizationId}/webhooks`. */
export const webhookContract = (body: unknown): string[] => {
  const value = body as Record<string, unknown>;
  const items = Array.isArray(value?.['items']) ? (value['items'] as Record<string, unknown>[]) : undefined;
  const validate = items
    ? items[0]?.['object'] === 'webhook-delivery'
      ? validators.deliveries
      : validators.webhooks
    : value?.['object'] === 'webhook-delivery'
      ? validators.delivery
      : 'secret' in (value ?? {})
        ? validators.webhookWithSecret
        : validators.webhook;
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
};

/** Whether a path is one of the webhooks' (the fuzz suite picks the contract by path). */
export const isWebhookPath = (path: string): boolean => /^\/v1\/orgs\/[^/]+\/webhooks(\/|$)/.test(path);
