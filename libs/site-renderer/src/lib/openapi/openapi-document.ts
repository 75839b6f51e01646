/**
 * An OpenAPI 3 document as the site renders it: parsed and dereferenced (`$ref`s replaced by
 * what they point at; cycles may remain as shared objects), read loosely since specifications
 * in the wild are often incomplete. Pure helpers: find an operation, describe a schema's type,
 * make an example value and a curl command.
 */
export type OpenApiDocument = Record<string, any>;
export type SchemaObject = Record<string, any>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ResolvedOperation {
  method: string;
  path: string;
  operation: Record<string, any>;
  /** Path-level and operation-level parameters (the operation's win on the same name and place). */
  parameters: Record<string, any>[];
  /** The first server's URL, '' when the document names none. */
  server: string;
}

/** The operation at `path` and `method` (any case), or undefined. */
export function findOperation(document: OpenApiDocument, path: string, method: string): ResolvedOperation | undefined {
  const item = document?.paths?.[path];
  const verb = method.toLowerCase();
  const operation = item?.[verb];
  if (!item || !operation || typeof operation !== 'object' || !(HTTP_METHODS as readonly string[]).includes(verb)) return undefined;
  return { method: verb, path, operation, parameters: mergeParameters(item.parameters, operation.parameters), server: serverOf(operation, item, document) };
}

/** A webhook (OpenAPI 3.1 `webhooks`) by name and method, as an operation without a path. */
export function findWebhook(document: OpenApiDocument, name: string, method: string): ResolvedOperation | undefined {
  const item = document?.webhooks?.[name];
  const verb = method.toLowerCase();
  const operation = item?.[verb];
  if (!item || !operation || typeof operation !== 'object') return undefined;
  return { method: verb, path: name, operation, parameters: mergeParameters(item.parameters, operation.parameters), server: '' };
}

function mergeParameters(pathLevel: unknown, operationLevel: unknown): Record<string, any>[] {
  const out = new Map<string, Record<string, any>>();
  for (const list of [pathLevel, operationLevel]) {
    if (!Array.isArray(list)) continue;
    for (const parameter of list) {
      if (parameter && typeof parameter === 'object' && typeof parameter.name === 'string') out.set(`${parameter.in}:${parameter.name}`, parameter);
    }
  }
  return [...out.values()];
}

function serverOf(...levels: Record<string, any>[]): string {
  for (const level of levels) {
    const url = level?.servers?.[0]?.url;
    if (typeof url === 'string') {
      const variables = level.servers[0].variables ?? {};
      return url.replace(/\{([^}]+)\}/g, (whole, name) => (typeof variables[name]?.default === 'string' ? variables[name].default : whole)).replace(/\/+$/, '');
    }
  }
  return '';
}

/** A short type of a schema: `string (uuid)`, `array of integer`, `object`, `string | null`, enums listed separately. */
export function typeLabel(schema: SchemaObject | undefined, depth = 0): string {
  if (!schema || typeof schema !== 'object') return 'any';
  if (depth > 4) return '…';
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  const types: string[] = Array.isArray(schema.type) ? schema.type.filter((t: string) => t !== 'null') : schema.type ? [schema.type] : [];
  let label: string;
  if (types.length === 1 && types[0] === 'array') label = `array of ${typeLabel(schema.items, depth + 1)}`;
  else if (types.length > 0) label = types.join(' | ') + (schema.format ? ` (${schema.format})` : '');
  else if (schema.oneOf || schema.anyOf) label = ((schema.oneOf ?? schema.anyOf) as SchemaObject[]).map((s) => typeLabel(s, depth + 1)).join(' | ');
  else if (schema.allOf || schema.properties) label = 'object';
  else if (schema.enum) label = typeof schema.enum[0];
  else label = 'any';
  return nullable ? `${label} | null` : label;
}

/** The properties of an object schema, `allOf` parts merged, with their required flags. */
export function propertiesOf(schema: SchemaObject | undefined): { name: string; schema: SchemaObject; required: boolean }[] {
  if (!schema || typeof schema !== 'object') return [];
  const parts: SchemaObject[] = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  const required = new Set<string>();
  const properties = new Map<string, SchemaObject>();
  for (const part of parts) {
    if (!part || typeof part !== 'object') continue;
    for (const name of Array.isArray(part.required) ? part.required : []) required.add(name);
    for (const [name, value] of Object.entries(part.properties ?? {})) properties.set(name, value as SchemaObject);
  }
  return [...properties].map(([name, value]) => ({ name, schema: value, required: required.has(name) }));
}

/** An example value of a schema: its own example, default or first enum value, else made from its type. */
export function exampleOf(schema: SchemaObject | undefined, seen: Set<object> = new Set(), depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 6 || seen.has(schema)) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  seen.add(schema);
  try {
    if (schema.oneOf || schema.anyOf) return exampleOf((schema.oneOf ?? schema.anyOf)[0], seen, depth + 1);
    const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
    if (type === 'array') {
      const item = exampleOf(schema.items, seen, depth + 1);
      return item === undefined ? [] : [item];
    }
    if (type === 'object' || schema.properties || schema.allOf) {
      const out: Record<string, unknown> = {};
      for (const property of propertiesOf(schema)) {
        if (property.schema?.readOnly) continue;
        const value = exampleOf(property.schema, seen, depth + 1);
        if (value !== undefined) out[property.name] = value;
      }
      return out;
    }
    switch (type) {
      case 'integer':
      case 'number':
        return 0;
      case 'boolean':
        return true;
      case 'string':
        return schema.format === 'date-time' ? '2024-01-01T00:00:00Z' : schema.format === 'date' ? '2024-01-01' : schema.format === 'email' ? 'user@example.com' : schema.format === 'uuid' ? '00000000-0000-0000-0000-000000000000' : 'string';
      default:
        return undefined;
    }
  } finally {
    seen.delete(schema);
  }
}

/** The example of a media type object: its `example`, its first `examples` entry, else one made from its schema. */
export function mediaExample(media: Record<string, any> | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = media.examples && typeof media.examples === 'object' ? Object.values<any>(media.examples)[0] : undefined;
  if (first && typeof first === 'object' && 'value' in first) return first.value;
  return exampleOf(media.schema);
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** A curl command calling the operation: the server URL, required query parameters, auth and body placeholders. */
export function curlExample(document: OpenApiDocument, resolved: ResolvedOperation): string {
  const query = resolved.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleOf(p.schema) ?? p.example ?? ''))}`);
  const url = `${resolved.server}${resolved.path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const lines = [`curl -X ${resolved.method.toUpperCase()} ${shellQuote(url)}`];
  for (const header of authHeaders(document, resolved.operation)) lines.push(`-H ${shellQuote(header)}`);
  for (const p of resolved.parameters.filter((p) => p.in === 'header' && p.required)) lines.push(`-H ${shellQuote(`${p.name}: ${String(exampleOf(p.schema) ?? 'value')}`)}`);
  const content = resolved.operation.requestBody?.content;
  if (content && typeof content === 'object') {
    const type = 'application/json' in content ? 'application/json' : Object.keys(content)[0];
    if (type) {
      lines.push(`-H ${shellQuote(`Content-Type: ${type}`)}`);
      const example = mediaExample(content[type]);
      if (example !== undefined) lines.push(`-d ${shellQuote(typeof example === 'string' ? example : JSON.stringify(example, null, 2))}`);
    }
  }
  return lines.join(' \\\n  ');
}

/** Headers the operation's security requirement asks for (bearer tokens, API keys in headers, basic auth). */
function authHeaders(document: OpenApiDocument, operation: Record<string, any>): string[] {
  const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(document.security) ? document.security : [];
  const first = requirements[0];
  if (!first || typeof first !== 'object') return [];
  const schemes = document.components?.securitySchemes ?? {};
  const out: string[] = [];
  for (const name of Object.keys(first)) {
    const scheme = schemes[name];
    if (!scheme) continue;
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') out.push('Authorization: Bearer <token>');
    else if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') out.push('Authorization: Basic <credentials>');
    else if (scheme.type === 'apiKey' && scheme.in === 'header') out.push(`${scheme.name}: <api key>`);
    else if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') out.push('Authorization: Bearer <token>');
  }
  return out;
}
