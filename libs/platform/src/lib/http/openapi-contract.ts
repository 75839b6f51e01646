import { ApiExtension, type OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { defaultMessage } from '../errors/http-error-messages';
import { deriveFromReference, importReferenceComponents, REFERENCE_MARK } from '../openapi/reference-schemas';
import { DtoClass, dtoShape } from '../validation/dto-shape';

type Schema = Record<string, any>;  
type Operation = { parameters?: Schema[]; requestBody?: unknown; responses: Record<string, Schema>; security?: unknown[] };

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponseDto' };

/** What each error status means, for the operations that can answer it. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; the message names the field.',
  401: 'Missing, malformed, unknown or revoked API token, or an ended session.',
  413: 'The request body is larger than the configured limit.',
  415: 'The request body is not JSON.',
  429: 'Rate limit exceeded; see Retry-After.',
  500: `${defaultMessage(500)} The message quotes the request id.`,
};

const schemaRules = new Map<string, Schema>();

/**
 * Schema keywords a DTO's property decorators cannot say (one-of shapes, `minProperties`), added
 * to the class's schema in the document. The service or a class-validator rule enforces them.
 */
export function ApiSchemaRules(rules: Schema): ClassDecorator {
  return (target) => {
    schemaRules.set(target.name, rules);
  };
}

const pathParameters = new Map<string, Schema>();

/**
 * The schema of a path parameter wherever a route names it (`{integrationName}` of every
 * integration route), for the rules its service checks that no decorator says. Call it once,
 * where the rule is defined.
 */
export function declarePathParameter(name: string, schema: Schema): void {
  pathParameters.set(name, schema);
}

/**
 * Marks a schema whose members no schema can say, because they are someone's own content as it
 * came (a spec file served as fetched: whatever its author wrote). Its value says why. The one
 * place besides the reference's own schemas where the document may have a bare object
 * (`openapi-document.spec.ts` holds every other object to a description).
 */
export const FREE_FORM_MARK = 'x-free-form';

const EXTRA_CONTENT = 'x-extra-request-content';

/**
 * Other media types an operation's body may have besides JSON, each with its own schema (Nest's
 * @ApiBody gives every consumed type the same one): an import takes `{url, source}` as JSON or
 * the archive itself as `application/zip`. Merged into `requestBody.content` by
 * `completeOpenApiDocument`.
 */
export function ApiExtraRequestContent(content: Record<string, { schema: Schema }>): MethodDecorator {
  return ApiExtension(EXTRA_CONTENT, content);
}

/**
 * Makes the generated document say what the API enforces, for every DTO and operation without
 * per-route work (docs/api-decisions.md, "The OpenAPI document"):
 * - each DTO schema gets the bounds its class-validator rules enforce (lengths, sizes, ranges,
 *   integers, URL and email formats) where its @ApiProperty did not say them;
 * - every object reached from a request body refuses unknown properties (`additionalProperties: false`);
 * - every operation lists the errors every request can meet: 400 (with parameters or a body),
 *   401 (with a token), 413 and 415 (with a body), 429, 500;
 * - the bearer scheme is an opaque token; `servers` is relative, so /docs works from any origin;
 * - query parameters get the bounds their DTO's rules enforce (`queryDtos`: the query DTO classes
 *   of each operation, by operation id), like body DTOs;
 * - the input rules every request string follows are stated as patterns (`stateTextRules`): no
 *   NUL character, and for trimmed strings the limits after trimming;
 * - bare objects take the reference's schema at the same place (`deriveFromReference`), and the
 *   reference's components the document names are copied in (`importReferenceComponents`);
 * - a request body that is the reference's own schema is described by closed copies of it
 *   (`closeReferenceBodies`), as the route validates it.
 */
export function completeOpenApiDocument(document: OpenAPIObject, apiBasePath: string, queryDtos: Map<string, DtoClass[]> = new Map()): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  addValidationBounds(schemas);
  addQueryBounds(document, queryDtos);
  for (const operation of operations(document)) {
    for (const parameter of operation.parameters ?? []) {
      const declared = parameter['in'] === 'path' ? pathParameters.get(parameter['name']) : undefined;
      if (declared) parameter['schema'] = { ...(parameter['schema'] ?? {}), ...structuredClone(declared) };
    }
  }
  for (const [name, rules] of schemaRules) if (schemas[name]) Object.assign(schemas[name], rules);
  allowNullInNullableEnums(document);
  // Where reflection left a bare object, the reference's schema at the same place (same operation).
  deriveFromReference(document);

  for (const operation of operations(document) as (Operation & Record<string, unknown>)[]) {
    const extra = operation[EXTRA_CONTENT] as Record<string, Schema> | undefined;
    if (!extra) continue;
    delete operation[EXTRA_CONTENT];
    const body = (operation.requestBody ??= { content: {} }) as Schema;
    body['content'] = { ...body['content'], ...extra };
  }

  const requestSchemas = new Set<string>();
  for (const operation of operations(document)) {
    const body = (operation.requestBody as Schema | undefined)?.content?.['application/json']?.schema;
    if (body) collectRefs(body, schemas, requestSchemas);
  }
  for (const name of requestSchemas) closeObjects(schemas[name]);
  stateTextRules(document, requestSchemas, queryDtos);
  // Last: the reference's components the document names (declared with referenceSchema, or
  // derived), exactly as the reference has them (our completions above never touch them).
  importReferenceComponents(document);
  closeReferenceBodies(document);

  for (const operation of operations(document)) {
    const statuses = [429, 500];
    if (!(Array.isArray(operation.security) && operation.security.length === 0)) statuses.push(401);
    if (operation.requestBody) statuses.push(400, 413, 415);
    if ((operation.parameters ?? []).length > 0) statuses.push(400);
    for (const status of statuses) {
      operation.responses[status] ??= { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: ERROR_SCHEMA } } };
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      // Every answer that is not a 2xx has the error shape.
      if (Number(status) >= 400 && !response.content) response.content = { 'application/json': { schema: ERROR_SCHEMA } };
    }
  }

  const bearer = document.components?.securitySchemes?.['bearer'] as Schema | undefined;
  if (bearer) {
    delete bearer['bearerFormat'];
    bearer['description'] = 'An API token of this installation (`dpt_...`), sent as `Authorization: Bearer <token>`. Opaque: not a JWT.';
  }
  document.servers = [{ url: apiBasePath || '/', description: 'This server, at whatever origin the document was loaded from.' }];
  return document;
}

/**
 * OpenAPI 3.0.3: `nullable` does not widen an `enum`; a nullable enum lists `null` among its
 * values, or validators refuse the null it allows.
 */
function allowNullInNullableEnums(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const s = node as Schema;
  if (s['nullable'] === true && Array.isArray(s['enum']) && !s['enum'].includes(null)) s['enum'] = [...s['enum'], null];
  for (const value of Object.values(s)) allowNullInNullableEnums(value);
}

function operations(document: OpenAPIObject): Operation[] {
  return Object.values(document.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method))
      .map(([, operation]) => operation as Operation),
  );
}

function collectRefs(schema: unknown, schemas: Record<string, Schema>, into: Set<string>): void {
  if (!schema || typeof schema !== 'object') return;
  const ref = (schema as Schema)['$ref'];
  if (typeof ref === 'string') {
    const name = ref.split('/').pop()!;
    if (into.has(name)) return;
    into.add(name);
    collectRefs(schemas[name], schemas, into);
    return;
  }
  for (const value of Object.values(schema)) collectRefs(value, schemas, into);
}

/**
 * `additionalProperties: false` on this object schema and every inline object in it, walking the
 * schema's structure (a property may well be named `properties`). The branches of a one-of rule
 * beside an object's own properties (`{properties: {mode: {enum: ['all']}}, required: ['mode']}`)
 * are constraints on that object, which is closed itself: closing a branch would refuse every
 * property the branch does not repeat. `constraint`: the schema is such a branch.
 */
function closeObjects(schema: unknown, constraint = false): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Schema;
  if (s[REFERENCE_MARK] || s['$ref']) return; // the reference's own schema, as it has it; a named one is closed on its own
  if (s['properties'] && s['additionalProperties'] === undefined && !constraint) s['additionalProperties'] = false;
  for (const property of Object.values<Schema>(s['properties'] ?? {})) closeObjects(property);
  if (s['items']) closeObjects(s['items']);
  if (s['additionalProperties'] && typeof s['additionalProperties'] === 'object') closeObjects(s['additionalProperties']);
  const ownProperties = s['properties'] !== undefined || constraint;
  if (s['not']) closeObjects(s['not'], ownProperties);
  for (const key of ['allOf', 'oneOf', 'anyOf']) for (const branch of s[key] ?? []) closeObjects(branch, ownProperties);
}

/** Marks a copy of the reference's component (its name) closed for a request body: see `closeReferenceBodies`. */
export const REFERENCE_INPUT_MARK = 'x-reference-input';

/**
 * A route whose whole body is the reference's own schema (a site's customization) validates it with
 * every object closed and under the NUL rule (libs/sites `reference-input.ts`), which the reference's
 * components as imported do not say. Such a body, and every component it reaches, is described by a
 * copy `<Name>Input` with `additionalProperties: false` on every object that lists its properties and
 * the NUL pattern on its free strings; the components themselves stay as the reference has them
 * for the answers that use them. A reference schema deeper in a DTO of ours keeps the reference's
 * words (the route's own rules for it are in its property's description).
 */
function closeReferenceBodies(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const copies = new Map<string, string>();
  const copyName = (name: string): string => {
    let copy = copies.get(name);
    if (copy) return copy;
    copy = `${name}Input`;
    copies.set(name, copy);
    schemas[copy] = { ...closedInput(schemas[name]), [REFERENCE_INPUT_MARK]: name };
    return copy;
  };
  const closedInput = (node: unknown): any => {
    if (Array.isArray(node)) return node.map(closedInput);
    if (!node || typeof node !== 'object') return node;
    const s = node as Schema;
    const ref = s['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.split('/').pop()!;
      return schemas[name]?.[REFERENCE_MARK] ? { ...s, $ref: `#/components/schemas/${copyName(name)}` } : s;
    }
    const out: Schema = {};
    for (const [key, value] of Object.entries(s)) {
      if (key === REFERENCE_MARK) continue;
      out[key] = key === 'properties' ? Object.fromEntries(Object.entries<Schema>(value).map(([name, schema]) => [name, closedInput(schema)])) : closedInput(value);
    }
    if (out['properties'] && out['additionalProperties'] === undefined) out['additionalProperties'] = false;
    if (out['type'] === 'string' && !out['enum'] && !out['pattern'] && !CHECKED_FORMATS.has(out['format'])) out['pattern'] = VERBATIM_STRING_PATTERN;
    return out;
  };
  for (const operation of operations(document)) {
    const media = (operation.requestBody as Schema | undefined)?.content?.['application/json'];
    const body = media?.schema as Schema | undefined;
    if (!body) continue;
    const ref = typeof body['$ref'] === 'string' ? body['$ref'].split('/').pop()! : undefined;
    if (ref && schemas[ref]?.[REFERENCE_MARK]) media['schema'] = { $ref: `#/components/schemas/${copyName(ref)}` };
    else if (body[REFERENCE_MARK]) media['schema'] = { ...closedInput(body), [REFERENCE_INPUT_MARK]: body[REFERENCE_MARK] };
  }
}

interface ValidationRule {
  name?: string;
  type: string;
  propertyName: string;
  constraints?: unknown[];
  each?: boolean;
}

/** The JSON Schema keywords of one class-validator rule, if it has any. */
function keywordsOf(rule: ValidationRule): Schema | undefined {
  const [a] = rule.constraints ?? [];
  switch (rule.name) {
    case 'minLength':
      return { minLength: a };
    case 'maxLength':
      return { maxLength: a };
    case 'isNotEmpty':
      return { minLength: 1 };
    case 'arrayMinSize':
      return { minItems: a };
    case 'arrayMaxSize':
      return { maxItems: a };
    case 'min':
      return { minimum: a };
    case 'max':
      return { maximum: a };
    case 'isInt':
      return { type: 'integer' };
    case 'isUrl':
      return { format: 'uri' };
    case 'isEmail':
      return { format: 'email' };
    case 'isIn':
      return Array.isArray(a) ? { enum: a } : undefined;
    case 'matches':
      return a instanceof RegExp && !a.flags.replace(/[gu]/g, '') ? { pattern: a.source } : undefined;
    default:
      return undefined;
  }
}

function addValidationBounds(schemas: Record<string, Schema>): void {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<Function, unknown>; // eslint-disable-line @typescript-eslint/no-unsafe-function-type
    getTargetValidationMetadatas(target: Function, schema: string, always: boolean, strict: boolean): ValidationRule[]; // eslint-disable-line @typescript-eslint/no-unsafe-function-type
  };
  for (const target of storage.validationMetadatas.keys()) {
    const schema = schemas[target.name];
    if (!schema?.properties) continue;
    for (const rule of storage.getTargetValidationMetadatas(target, '', true, false)) {
      const property = schema.properties[rule.propertyName] as Schema | undefined;
      if (property && isBareObject(property)) {
        // TypeScript reflects `string | null` (and other unions) as Object: the validator knows better.
        if (rule.name === 'isString') property['type'] = 'string';
        else if (rule.name === 'isBoolean') property['type'] = 'boolean';
        else if (rule.name === 'isObject') property['additionalProperties'] = true;
      }
      const keywords = keywordsOf(rule);
      if (!property || !keywords) continue;
      const at = rule.each || property['type'] === 'array' && !('minItems' in keywords || 'maxItems' in keywords) ? (property['items'] ?? property) : property;
      for (const [key, value] of Object.entries(keywords)) {
        if (key === 'type' && at['type'] === 'number') at['type'] = 'integer';
        else if (key !== 'type' && at[key] === undefined) at[key] = value;
      }
    }
  }
}

/** `type: object` with nothing said of its properties: what reflection makes of a union type. */
function isBareObject(property: Schema): boolean {
  return property['type'] === 'object' && !property['properties'] && property['additionalProperties'] === undefined && !property['$ref'];
}

type ValidationStorage = {
  validationMetadatas: Map<Function, unknown>; // eslint-disable-line @typescript-eslint/no-unsafe-function-type
  getTargetValidationMetadatas(target: Function, schema: string, always: boolean, strict: boolean): ValidationRule[]; // eslint-disable-line @typescript-eslint/no-unsafe-function-type
};

/** Where a keyword of a rule goes in a schema: its items for a rule on each element. */
function keywordTarget(schema: Schema, rule: ValidationRule, keywords: Schema): Schema {
  return rule.each || (schema['type'] === 'array' && !('minItems' in keywords || 'maxItems' in keywords)) ? (schema['items'] ?? schema) : schema;
}

/** The query parameters of each operation get the bounds their DTO's class-validator rules enforce. */
function addQueryBounds(document: OpenAPIObject, queryDtos: Map<string, DtoClass[]>): void {
  const storage = getMetadataStorage() as unknown as ValidationStorage;
  for (const operation of operations(document) as (Operation & { operationId?: string })[]) {
    const dtos = operation.operationId ? queryDtos.get(operation.operationId) : undefined;
    if (!dtos) continue;
    for (const dto of dtos) {
      for (const rule of storage.getTargetValidationMetadatas(dto, '', true, false)) {
        const parameter = (operation.parameters ?? []).find((p) => p['in'] === 'query' && p['name'] === rule.propertyName);
        const keywords = keywordsOf(rule);
        if (!parameter || !keywords) continue;
        const schema = (parameter['schema'] ??= { type: 'string' }) as Schema;
        const at = keywordTarget(schema, rule, keywords);
        for (const [key, value] of Object.entries(keywords)) {
          if (key === 'type' && at['type'] === 'number') at['type'] = 'integer';
          else if (key !== 'type' && at[key] === undefined) at[key] = value;
        }
      }
    }
  }
}

/** `[^...]` of the characters a request string may hold anywhere: all but NUL. */
const NOT_NUL = '[^\\u0000]';
const NOT_NUL_OR_SPACE = '[^\\s\\u0000]';

/**
 * The pattern of a request string the API trims before validating it (docs/api-decisions.md,
 * "Input rules"): no NUL, and at least `minLength` characters between the first and the last
 * that are not whitespace. An own pattern is kept, with whitespace allowed around it.
 */
export function trimmedStringPattern(minLength: number, own?: string): string {
  if (own) {
    const inner = own.startsWith('^') && own.endsWith('$') && !own.endsWith('\\$') ? own.slice(1, -1) : undefined;
    return inner === undefined ? own : `^\\s*(?:${inner})\\s*$`;
  }
  if (minLength <= 0) return `^${NOT_NUL}*$`;
  if (minLength === 1) return `^${NOT_NUL}*${NOT_NUL_OR_SPACE}${NOT_NUL}*$`;
  return `^\\s*${NOT_NUL_OR_SPACE}${NOT_NUL}{${minLength - 2},}${NOT_NUL_OR_SPACE}\\s*$`;
}

/** The pattern of a request string kept as sent (@Verbatim): no NUL. */
export const VERBATIM_STRING_PATTERN = `^${NOT_NUL}*$`;

const TRIMMED_NOTE = 'Leading and trailing whitespace is removed before the limits apply.';

/**
 * Formats whose validators refuse a NUL already (a URL, an address, a date): their strings need no
 * pattern. Others only name what the text holds (`byte`: base64), so the NUL rule is said for them.
 */
const CHECKED_FORMATS = new Set(['uri', 'url', 'email', 'date-time', 'date', 'uuid', 'hostname', 'ipv4', 'ipv6']);

/** Patterns and a note on one string schema (or the strings of an array schema), trimmed or verbatim. */
function stateOnString(schema: Schema | undefined, trimmed: boolean): void {
  if (!schema || schema[REFERENCE_MARK] || schema['$ref']) return;
  const target = schema['type'] === 'array' ? schema['items'] : schema;
  if (!target || target['type'] !== 'string' || target['enum'] || CHECKED_FORMATS.has(target['format'])) return;
  if (!trimmed) {
    target['pattern'] ??= VERBATIM_STRING_PATTERN;
    return;
  }
  target['pattern'] = trimmedStringPattern(target['minLength'] ?? 0, target['pattern']);
  if (!String(target['description'] ?? '').includes(TRIMMED_NOTE)) target['description'] = target['description'] ? `${target['description']} ${TRIMMED_NOTE}` : TRIMMED_NOTE;
}

/** The schemas nested in an inline schema (not the schema itself, not behind a $ref or the reference's mark). */
function inlineSchemas(schema: Schema): Schema[] {
  const out: Schema[] = [];
  const stack: Schema[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!node || typeof node !== 'object' || node['$ref'] || node[REFERENCE_MARK]) continue;
    if (node !== schema) out.push(node);
    stack.push(...Object.values<Schema>(node['properties'] ?? {}));
    if (node['items'] && node !== schema) stack.push(node['items']);
    if (node['additionalProperties'] && typeof node['additionalProperties'] === 'object') stack.push(node['additionalProperties']);
    for (const key of ['allOf', 'oneOf', 'anyOf']) stack.push(...((node[key] ?? []) as Schema[]));
  }
  return out;
}

/**
 * States the input rules every request string follows (docs/api-decisions.md, "Input rules"), so
 * that generated clients and fuzzers send what the API takes: strings of request DTOs and query
 * parameters are trimmed (unless @Verbatim) before their limits apply, and no string holds NUL.
 * Path parameters: no NUL. Strings of the reference's own schemas are left as it has them.
 */
function stateTextRules(document: OpenAPIObject, requestSchemas: Set<string>, queryDtos: Map<string, DtoClass[]>): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const storage = getMetadataStorage() as unknown as ValidationStorage;
  const classes = new Map<string, DtoClass>();
  for (const target of storage.validationMetadatas.keys()) classes.set(target.name, target as unknown as DtoClass);
  for (const name of requestSchemas) {
    const schema = schemas[name];
    if (!schema?.properties || schema[REFERENCE_MARK]) continue;
    const shape = classes.has(name) ? dtoShape(classes.get(name)!) : undefined;
    for (const [property, value] of Object.entries<Schema>(schema.properties)) {
      stateOnString(value, !shape?.get(property)?.verbatim);
      // Strings deeper in an inline schema (a one-of shape, a map) are kept as sent: NUL only.
      for (const inner of inlineSchemas(value)) stateOnString(inner, false);
    }
  }
  for (const operation of operations(document) as (Operation & { operationId?: string })[]) {
    const dtos = operation.operationId ? (queryDtos.get(operation.operationId) ?? []) : [];
    for (const parameter of operation.parameters ?? []) {
      if (parameter['in'] === 'path' || parameter['in'] === 'header') stateOnString(parameter['schema'], false);
      if (parameter['in'] !== 'query') continue;
      const verbatim = dtos.some((dto) => dtoShape(dto).get(parameter['name'])?.verbatim);
      stateOnString(parameter['schema'], !verbatim);
    }
  }
}
