import { ApiExtension, type OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { defaultMessage } from '../errors/http-error-messages';

type Schema = Record<string, any>;  
type Operation = { parameters?: Schema[]; requestBody?: unknown; responses: Record<string, Schema>; security?: unknown[] };

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponseDto' };

/** What each error status means, for the operations that can answer it. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; the message names the field.',
  401: 'Missing, malformed, unknown or revoked API token.',
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
 * - the bearer scheme is an opaque token; `servers` is relative, so /docs works from any origin.
 */
export function completeOpenApiDocument(document: OpenAPIObject, apiBasePath: string): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  addValidationBounds(schemas);
  for (const [name, rules] of schemaRules) if (schemas[name]) Object.assign(schemas[name], rules);
  allowNullInNullableEnums(document);

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

/** `additionalProperties: false` on this object schema and every inline object in it. */
function closeObjects(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Schema;
  if (s['properties'] && s['additionalProperties'] === undefined) s['additionalProperties'] = false;
  for (const [key, value] of Object.entries(s)) if (key !== 'additionalProperties' || typeof value === 'object') closeObjects(value);
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
