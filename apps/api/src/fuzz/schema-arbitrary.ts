import { trimmedStringPattern, VERBATIM_STRING_PATTERN } from '@docs/platform';
import fc from 'fast-check';

function isTextRulePattern(pattern: string, minLength: number): boolean {
  return pattern === VERBATIM_STRING_PATTERN || pattern === trimmedStringPattern(minLength);
}

/** A dereferenced OpenAPI 3.0 schema object (the subset the project's document uses). */
export type Schema = Record<string, any>;  

/** Printable characters, a few beyond ASCII; no NUL, no other control characters. */
const TEXT_UNIT = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,:;!?()éüß'.split(''));
const WORD_UNIT = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''));
const MAX_GENERATED_LENGTH = 80;
const MAX_GENERATED_ITEMS = 4;

/**
 * Values that a schema accepts, as fast-check arbitraries: the generator side of the fuzz suite.
 * Strings never start or end with a space (the API trims input before validating it, so " a"
 * is "a": a different length than the schema counted).
 */
export function valueFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const merged = mergeAllOf(schema);
  const base = valueWithoutNull(merged, depth);
  return merged['nullable'] ? fc.option(base, { nil: null, freq: 4 }) : base;
}

/**
 * Deeper than this, values are as small as their schema allows (no optional property, the fewest
 * items): the reference's schemas are recursive (a document's blocks hold blocks).
 */
const MAX_GENERATED_DEPTH = 5;

function valueWithoutNull(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const deep = depth >= MAX_GENERATED_DEPTH;
  if (schema['enum']) {
    const values = (schema['enum'] as unknown[]).filter((v) => v !== null);
    // `enum: [null]` (the reference's way to say "null clears it" in a oneOf branch): null is the only value.
    return values.length > 0 ? fc.constantFrom(...values) : fc.constant(null);
  }
  if ((schema['oneOf'] || schema['anyOf']) && !schema['properties']) {
    const variants = (schema['oneOf'] ?? schema['anyOf']) as Schema[];
    // Deep down, the first variant that needs no more depth (a leaf: text, not a block).
    return deep ? valueFor(variants.find((variant) => !mergeAllOf(variant)['properties']) ?? variants[0], depth + 1) : fc.oneof(...variants.map((variant) => valueFor(variant, depth + 1)));
  }
  switch (schema['type']) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: schema['minimum'] ?? -1000, max: schema['maximum'] ?? 1000 });
    case 'number':
      return fc.integer({ min: schema['minimum'] ?? -1000, max: schema['maximum'] ?? 1000 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (deep && !schema['minItems']) return fc.constant([]);
      {
        const bounds = {
          minLength: schema['minItems'] ?? 0,
          maxLength: deep ? (schema['minItems'] ?? 0) : Math.max(schema['minItems'] ?? 0, Math.min(schema['maxItems'] ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS)),
        };
        const items = valueFor(schema['items'] ?? {}, depth + 1);
        return schema['uniqueItems'] ? fc.uniqueArray(items, { ...bounds, selector: (item) => JSON.stringify(item) }) : fc.array(items, bounds);
      }
    case 'object':
    case undefined:
      if (schema['properties'] || schema['oneOf']) return objectFor(schema, depth);
      if (schema['additionalProperties'] && typeof schema['additionalProperties'] === 'object') {
        return fc.dictionary(fc.string({ unit: WORD_UNIT, minLength: 1, maxLength: 12 }), valueFor(schema['additionalProperties'], depth + 1), { maxKeys: deep ? 0 : 3 });
      }
      return fc.constant({});
    default:
      return fc.constant(null);
  }
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  switch (schema['format']) {
    case 'email':
      return fc.string({ unit: WORD_UNIT, minLength: 1, maxLength: 12 }).map((local) => `${local}@example.com`);
    case 'uri':
      return fc.string({ unit: WORD_UNIT, maxLength: 20 }).map((path) => `https://example.com/${path}`);
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  const minLength = schema['minLength'] ?? 0;
  // The input rules' own patterns (no NUL; trimmed limits) say what text the API takes; printable
  // text within the bounds meets them, so they are not generated from.
  if (schema['pattern'] && !isTextRulePattern(schema['pattern'], minLength)) {
    const maxPatterned = schema['maxLength'] ?? Number.MAX_SAFE_INTEGER;
    return fc.stringMatching(new RegExp(schema['pattern'])).filter((s) => s.length >= minLength && s.length <= maxPatterned && s.trim() === s && !s.includes('\u0000'));
  }
  const maxLength = Math.max(minLength, Math.min(schema['maxLength'] ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH));
  return fc.string({ unit: TEXT_UNIT, minLength, maxLength }).map((s) => s.replace(/^ /, 'x').replace(/ $/, 'y'));
}

/**
 * An object with every required property and some optional ones. With `oneOf` variants that only
 * add constraints (`required`, `not.required`, `not.anyOf` of `required`, narrower `properties`),
 * one variant is chosen and the properties other variants require, or it refuses, are left out,
 * so exactly one variant matches.
 */
function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const variants: Schema[] = schema['oneOf'] ?? [{}];
  return fc.oneof(
    ...variants.map((variant) => {
      const properties: Record<string, Schema> = { ...(schema['properties'] ?? {}) };
      for (const [name, narrower] of Object.entries<Schema>(variant['properties'] ?? {})) properties[name] = { ...properties[name], ...narrower };
      const required = new Set<string>([...(schema['required'] ?? []), ...(variant['required'] ?? [])]);
      const excluded = new Set<string>([
        ...variants.filter((other) => other !== variant).flatMap((other) => (other['required'] ?? []) as string[]),
        ...((variant['not']?.['required'] ?? []) as string[]),
        ...((variant['not']?.['anyOf'] ?? []) as Schema[]).flatMap((one) => (one['required'] ?? []) as string[]),
      ]);
      const optional = depth >= MAX_GENERATED_DEPTH ? [] : Object.keys(properties).filter((name) => !required.has(name) && !excluded.has(name));
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of Object.keys(properties)) if (required.has(name) || optional.includes(name)) record[name] = valueFor(properties[name], depth + 1);
      const arbitrary = fc.record(record, { requiredKeys: [...required].filter((name) => name in record) });
      const minProperties = schema['minProperties'] ?? 0;
      return minProperties > 0 ? arbitrary.filter((value) => Object.keys(value).length >= minProperties) : arbitrary;
    }),
  );
}

/** `allOf: [A, B]` (how @nestjs/swagger wraps a described $ref) as one schema. */
export function mergeAllOf(schema: Schema): Schema {
  if (!schema || !schema['allOf']) return schema ?? {};
  const { allOf, ...rest } = schema;
  return (allOf as Schema[]).map(mergeAllOf).reduce<Schema>(
    (into, part) => ({
      ...into,
      ...part,
      properties: { ...(into['properties'] ?? {}), ...(part['properties'] ?? {}) },
      required: [...(into['required'] ?? []), ...(part['required'] ?? [])],
    }),
    rest,
  );
}

/** Whether the schema takes null: nullable, or a variant that is (the reference's `enum: [null]` "null clears it" branch). */
export function acceptsNull(schema: Schema): boolean {
  const merged = mergeAllOf(schema);
  if (merged['nullable'] || (Array.isArray(merged['enum']) && merged['enum'].includes(null))) return true;
  return [...(merged['oneOf'] ?? []), ...(merged['anyOf'] ?? [])].some((variant: Schema) => acceptsNull(variant));
}

/** A value of another type than the schema's: what a type check must refuse. */
export function wrongTypeFor(schema: Schema): unknown {
  const merged = mergeAllOf(schema);
  const variants: Schema[] | undefined = merged['oneOf'] ?? merged['anyOf'];
  if (variants) {
    // A value none of the variants takes.
    const types = new Set(variants.map((variant) => mergeAllOf(variant)['type']));
    return types.has('number') || types.has('integer') ? true : 12345;
  }
  if (merged['type'] === 'string' || merged['enum']) return 12345;
  if (merged['type'] === 'array') return 'not-an-array';
  return ['not', 'this', 'type'];
}
