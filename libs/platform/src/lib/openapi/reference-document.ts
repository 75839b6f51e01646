/** An OpenAPI 3.0 document, as JSON. */
export type OpenApiJson = Record<string, any>;

/** The reference wire format: `@gitbook/api`'s OpenAPI document (the version package.json pins). */
export const REFERENCE_PACKAGE = '@gitbook/api/spec/openapi.json';

let loaded: OpenApiJson | undefined;

/**
 * The reference's OpenAPI document, read from the installed package (never copied into this
 * repository), with the places where it contradicts itself read as its authors meant them
 * (API-CONVENTIONS, "Where the reference document contradicts itself"):
 * - `Document`, the body inside every document page's `allOf`: its "Empty" branch says
 *   `additionalProperties: false`, which no page (it has an id, a title...) can meet, so strictly
 *   every page would need a body. "Empty" means a page may come without one: read as "neither
 *   `document` nor `markdown` present".
 * - `RevisionSemanticChangePageEdited.attributes` is a `oneOf` of three schemas that share every
 *   property, so no value matches exactly one: read as `anyOf`.
 * - `PlainObject` (visitor claims): each value is a `oneOf` of PlainObject itself (no `type`,
 *   so any string, number or boolean matches it too), a string, a boolean, a number or an
 *   array: no claim with a plain value matches exactly one. Read as `anyOf`.
 * The test client (which validates every 2xx body against the reference) and the project's
 * own `/openapi.json` (which takes the reference's component schemas) read it through this.
 * Returns the same object on every call: copy it before changing it.
 */
export function referenceDocument(): OpenApiJson {
  if (loaded) return loaded;
  const document = structuredClone(require('@gitbook/api/spec/openapi.json') as OpenApiJson);
  const schemas = document['components']['schemas'];
  const body = schemas['Document'];
  const empty = (body?.oneOf as OpenApiJson[] | undefined)?.findIndex((variant) => variant['title'] === 'Empty') ?? -1;
  if (empty < 0) throw new Error(`${REFERENCE_PACKAGE}: no "Empty" branch in Document; review the readings in reference-document.ts`);
  body.oneOf[empty] = {
    type: 'object',
    title: 'Empty',
    description: 'No body: neither `document` nor `markdown` (how page trees list pages; `documentId` names the body).',
    not: { anyOf: [{ required: ['document'] }, { required: ['markdown'] }] },
  };
  const edited = schemas['RevisionSemanticChangePageEdited']?.properties?.attributes;
  if (!edited?.oneOf) throw new Error(`${REFERENCE_PACKAGE}: RevisionSemanticChangePageEdited.attributes is no oneOf; review the readings in reference-document.ts`);
  edited.anyOf = edited.oneOf;
  delete edited.oneOf;
  const claimValue = schemas['PlainObject']?.additionalProperties;
  if (!claimValue?.oneOf) throw new Error(`${REFERENCE_PACKAGE}: PlainObject's values are no oneOf; review the readings in reference-document.ts`);
  claimValue.anyOf = claimValue.oneOf;
  delete claimValue.oneOf;
  loaded = document;
  return document;
}

/**
 * The reference's component `root` and every component it names, transitively (copies, with the
 * readings of `referenceDocument`), as `components.schemas` of a document whose `$ref`s resolve
 * inside it: what a validator of one shape at run time needs, without the whole reference. When
 * the reference was not loaded before the call, it is let go again after it.
 */
export function referenceComponents(root: string): { components: { schemas: Record<string, OpenApiJson> } } {
  const wasLoaded = loaded !== undefined;
  const all = referenceDocument()['components']['schemas'] as Record<string, OpenApiJson>;
  if (!all[root]) throw new Error(`${REFERENCE_PACKAGE} has no component ${root}.`);
  const schemas: Record<string, OpenApiJson> = {};
  const queue = [root];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (schemas[name]) continue;
    schemas[name] = structuredClone(all[name]);
    for (const [, named] of JSON.stringify(schemas[name]).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) if (!schemas[named]) queue.push(named);
  }
  if (!wasLoaded) releaseReferenceDocument();
  return { components: { schemas } };
}

/**
 * Lets the loaded reference go (about 10 MB of objects): an api needs it only while it builds its
 * own document. A later `referenceDocument()` reads it again.
 */
export function releaseReferenceDocument(): void {
  loaded = undefined;
  // And the parsed file Node keeps for later require() calls.
  delete require.cache[require.resolve('@gitbook/api/spec/openapi.json')];
}

/**
 * OpenAPI 3.0 lets `nullable: true` stand beside `$ref`, `oneOf` or `allOf`; Ajv accepts it only
 * beside `type`. Rewrite those into `anyOf: [schema, null]`, which means the same.
 */
export function normalizeNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalizeNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = normalizeNullable(value);
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { enum: [null] }] };
  }
  return out;
}
