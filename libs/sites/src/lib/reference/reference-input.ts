import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { normalizeNullable, OpenApiJson, referenceComponents } from '@docs/platform';

/**
 * Every object the reference describes by its properties, closed: a field it does not name is
 * refused (API-CONVENTIONS: unknown fields are a 400), not stored and shown to nobody.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, schema]) => [name, closeObjects(schema)])) : closeObjects(value);
  if (out['properties'] && out['additionalProperties'] === undefined) out['additionalProperties'] = false;
  return out;
}

/**
 * Absolute http(s) URLs written with the characters RFC 3986 allows (the reference's `uri`
 * format), never `javascript:`: what a page may load as an image or a font.
 */
function isWebUrl(value: string): boolean {
  if (!/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** An emoji (the reference's `emoji` format): a few characters, no control character, no markup. */
function isEmoji(value: string): boolean {
  return value.length > 0 && ![...value].some((char) => char.charCodeAt(0) < 0x20 || char === '<' || char === '>');
}

export function compileReferenceInput(schema: OpenApiJson, components: Record<string, OpenApiJson>): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  ajv.addFormat('uri', isWebUrl);
  ajv.addFormat('emoji', isEmoji);
  return ajv.compile(closeObjects(normalizeNullable({ ...schema, components: { schemas: components } })) as object);
}

/** The one error that says most: the deepest field's, a branch's own rather than "must match one of". */
export function describeInputErrors(errors: ErrorObject[] | null | undefined, what: string): string {
  const useful = (errors ?? []).filter((error) => error.keyword !== 'oneOf' && error.keyword !== 'anyOf' && error.keyword !== 'if');
  const pick = (useful.length > 0 ? useful : (errors ?? [])).sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length)[0];
  if (!pick) return `${what} is not valid.`;
  const field = pick.instancePath.slice(1).replace(/\//g, '.');
  const detail = pick.keyword === 'additionalProperties' ? `has no field ${(pick.params as { additionalProperty: string }).additionalProperty}` : pick.message;
  return `${field ? `${field}` : what} ${detail}.`;
}


const components = new Map<string, ValidateFunction>();

/** Why `value` is not the reference's component `name` with no field it does not name (null: it is); `what` names the value in the sentence. */
export function referenceInputProblem(name: string, value: unknown, what: string): string | null {
  let validate = components.get(name);
  if (!validate) {
    validate = compileReferenceInput({ $ref: `#/components/schemas/${name}` }, referenceComponents(name).components.schemas);
    components.set(name, validate);
  }
  return validate(value) ? null : describeInputErrors(validate.errors, what);
}
