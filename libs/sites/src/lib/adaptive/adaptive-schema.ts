import Ajv, { ErrorObject } from 'ajv';

/**
 * A site's adaptive schema: a JSON Schema (draft-07) describing the claims of its visitors, in
 * the shape spec 2.13 gives: `type: object`, `additionalProperties: false`, `properties` holding
 * named claims (boolean, string with or without `enum`, number, arrays of those, and objects of
 * claims, each with a `description`) and an optional `unsigned` object of the same shape for
 * claims the visitor's browser supplies without a signature.
 *
 * Checked twice with Ajv: as a valid draft-07 schema (its meta-schema), then against the shape
 * below; Ajv then compiles it to check visitor claims.
 */
export class AdaptiveSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdaptiveSchemaError';
  }
}

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
export const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';

/** Claim names: identifiers a condition can spell, never ones that reach an object's prototype. */
const CLAIM_NAME = '^(?!(?:__proto__|constructor|prototype)$)[A-Za-z_][A-Za-z0-9_]{0,63}$';

const described = (type: string, extra: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  properties: { type: { const: type }, description: { type: 'string', maxLength: 1024 }, ...extra },
  required: ['type', 'description', ...required],
  additionalProperties: false,
});

const primitive = {
  oneOf: [
    described('boolean'),
    described('number'),
    described('string'),
    described('string', { enum: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', maxLength: 1024 } } }, ['enum']),
  ],
};

/** The shape of an adaptive schema, as a schema (our own, written from spec 2.13 and the reference). */
const SHAPE = {
  $id: 'site-adaptive-schema-shape',
  definitions: {
    claims: { type: 'object', propertyNames: { pattern: CLAIM_NAME }, maxProperties: 200, additionalProperties: { $ref: '#/definitions/claim' } },
    claim: {
      oneOf: [
        primitive,
        described('array', { items: primitive }, ['items']),
        described('object', { properties: { $ref: '#/definitions/claims' }, additionalProperties: { const: false } }, ['properties', 'additionalProperties']),
      ],
    },
  },
  type: 'object',
  properties: {
    $schema: { const: DRAFT_07 },
    $id: { type: 'string', maxLength: 2048 },
    type: { const: 'object' },
    required: { type: 'array', items: { type: 'string' } },
    properties: {
      type: 'object',
      propertyNames: { pattern: CLAIM_NAME },
      maxProperties: 200,
      properties: {
        unsigned: {
          type: 'object',
          properties: {
            type: { const: 'object' },
            description: { const: UNSIGNED_DESCRIPTION },
            properties: { $ref: '#/definitions/claims' },
            additionalProperties: { const: false },
          },
          required: ['type', 'description', 'properties', 'additionalProperties'],
          additionalProperties: false,
        },
      },
      additionalProperties: { $ref: '#/definitions/claim' },
    },
    additionalProperties: { const: false },
  },
  required: ['type', 'properties', 'additionalProperties'],
  additionalProperties: false,
};

const ajv = new Ajv({ allErrors: false, strict: false });
const checkShape = ajv.compile(SHAPE);

function explain(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return 'it is not valid';
  const where = error.instancePath ? `jsonSchema${error.instancePath.replace(/\//g, '.')}` : 'jsonSchema';
  if (error.propertyName !== undefined) {
    return `${where}: ${JSON.stringify(error.propertyName)} is not a valid claim name (letters, digits and _, not starting with a digit; not __proto__, constructor or prototype)`;
  }
  const detail = error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})` : '';
  return `${where} ${error.message}${detail}`;
}

/** Throws AdaptiveSchemaError saying what is wrong unless `schema` is a valid adaptive schema. */
export function validateAdaptiveSchema(schema: unknown): asserts schema is Record<string, unknown> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) throw new AdaptiveSchemaError('jsonSchema must be an object');
  const declared = (schema as { $schema?: unknown }).$schema;
  if (declared !== undefined && declared !== DRAFT_07) throw new AdaptiveSchemaError(`jsonSchema.$schema must be ${DRAFT_07} (draft-07)`);
  if (!ajv.validateSchema(schema)) throw new AdaptiveSchemaError(`jsonSchema is not a valid draft-07 JSON Schema: ${explain(ajv.errors)}`);
  if (!checkShape(schema)) {
    throw new AdaptiveSchemaError(
      `jsonSchema must be an object schema of visitor claims (spec 2.13; claims are boolean, string, number, arrays of those or objects of claims, each with a description): ${explain(checkShape.errors)}`,
    );
  }
}

/** A checker of visitor claims for a valid adaptive schema: null when they conform, else why not. */
export function claimsChecker(schema: Record<string, unknown>, part: 'signed' | 'unsigned'): (claims: unknown) => string | null {
  const properties = { ...((schema.properties as Record<string, unknown>) ?? {}) };
  const unsigned = properties.unsigned as Record<string, unknown> | undefined;
  delete properties.unsigned;
  const target =
    part === 'signed'
      ? { type: 'object', properties, additionalProperties: false }
      : { type: 'object', properties: unsigned?.properties ?? {}, additionalProperties: false };
  const validate = new Ajv({ allErrors: false, strict: false }).compile(target);
  return (claims) => (validate(claims) ? null : explain(validate.errors).replace(/^jsonSchema/, 'claims'));
}
