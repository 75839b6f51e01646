import type { ApiPropertyOptions } from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { OpenApiJson, REFERENCE_PACKAGE, referenceDocument } from './reference-document';

type Schema = OpenApiJson;

const COMPONENTS = '#/components/schemas/';

/**
 * A response or request schema that is the reference's component `name`: how a DTO property or
 * a response declares a shape the reference already describes, once (docs/api-decisions.md, "The
 * OpenAPI document"). `/openapi.json` then carries the reference's schema of that name, and of
 * every schema it names, taken from the installed `@gitbook/api` when the document is built:
 *
 *   @ApiOkResponse({ schema: referenceSchema('RevisionPage') })
 *   @ApiProperty({ ...referenceSchema('User'), description: 'Who asked.' })
 */
export function referenceSchema(name: string): SchemaObject & ReferenceObject {
  return { $ref: `${COMPONENTS}${name}` };
}

/**
 * `@ApiProperty` options for a property whose value is the reference's object schema `name`
 * (`type: 'object'` said too, so that the input rules refuse an array there):
 *
 *   @ApiPropertyOptional(referenceProperty('JSONDocument', { description: 'The body.' }))
 */
export function referenceProperty(name: string, options: Omit<ApiPropertyOptions, 'type' | 'allOf'> = {}): ApiPropertyOptions {
  return { ...options, type: 'object', allOf: [referenceSchema(name)] } as ApiPropertyOptions;
}

/** Marks a schema node as the reference's own (copied from it, never changed by our completions). */
export const REFERENCE_MARK = 'x-reference';

/** Method and path template of a route, its parameter names left out: `get /spaces/{}/content`. */
function routeKey(method: string, template: string): string {
  return `${method} ${template.replace(/^\/v1(?=\/)/, '').replace(/\{[^}]+\}/g, '{}')}`;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function referenceOperations(): Map<string, Schema> {
  const operations = new Map<string, Schema>();
  for (const [template, item] of Object.entries<Schema>(referenceDocument()['paths'])) {
    for (const method of METHODS) if (item[method]) operations.set(routeKey(method, template), item[method]);
  }
  return operations;
}

function jsonBody(part: Schema | undefined): Schema | undefined {
  return part?.['content']?.['application/json']?.['schema'];
}

function successSchema(operation: Schema): Schema | undefined {
  const statuses = Object.keys(operation['responses'] ?? {}).filter((status) => status.startsWith('2')).sort();
  for (const status of statuses) {
    const schema = jsonBody(operation['responses'][status]);
    if (schema) return schema;
  }
  return undefined;
}

/**
 * `type: object` (or no type) that says nothing of its members: what reflection makes of `object`.
 * A node that requires members says something of them: `{required: ['url']}`, a branch of a DTO's
 * one-of rules, is a constraint on its object, not a shape to fill.
 */
export function isBareObject(node: Schema): boolean {
  if (!node || typeof node !== 'object' || node['$ref'] || node['allOf'] || node['oneOf'] || node['anyOf'] || node['not'] || node['enum'] || node['required']?.length) return false;
  if (node['type'] !== undefined && node['type'] !== 'object') return false;
  if (node['properties'] && Object.keys(node['properties']).length > 0) return false;
  const additional = node['additionalProperties'];
  return additional === undefined || additional === true || (typeof additional === 'object' && Object.keys(additional).length === 0);
}

/**
 * The reference nodes standing where a node stands: `$ref`s resolved, combinators opened, so that
 * `properties.x` of a node is looked for in every branch the reference allows there.
 */
function expand(nodes: Schema[], schemas: Record<string, Schema>): Schema[] {
  const out: Schema[] = [];
  const queue = [...nodes];
  const seen = new Set<Schema>();
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const ref = node['$ref'];
    if (typeof ref === 'string' && ref.startsWith(COMPONENTS)) {
      queue.push(schemas[ref.slice(COMPONENTS.length)]);
      continue;
    }
    out.push(node);
    for (const key of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(node[key])) queue.push(...node[key]);
  }
  return out;
}

function children(nodes: Schema[], schemas: Record<string, Schema>, pick: (node: Schema) => Schema | undefined): Schema[] {
  return expand(nodes, schemas)
    .map(pick)
    .filter((child): child is Schema => child !== undefined && child !== null && typeof child === 'object');
}

/** The variants a position allows (`oneOf`/`anyOf` opened, `$ref`s kept as they are). */
function variants(nodes: Schema[]): Schema[] {
  return nodes.flatMap((node) => (Array.isArray(node['oneOf']) ? node['oneOf'] : Array.isArray(node['anyOf']) ? node['anyOf'] : [node]));
}

/** The one schema the reference gives at a position (several equal ones count as one). */
function single(nodes: Schema[]): Schema | undefined {
  const distinct = new Map(nodes.map((node) => [JSON.stringify(node), node]));
  return distinct.size === 1 ? [...distinct.values()][0] : undefined;
}

/**
 * Fills the bare objects of `ours` (a response or request schema of ours) with the reference's
 * schema at the same position in the same operation: where reflection left `type: object`, the
 * document then says what the reference says. Our components are entered once (the first
 * operation that reaches them decides).
 */
function fill(ours: Schema, reference: Schema[], documentSchemas: Record<string, Schema>, referenceSchemas: Record<string, Schema>, entered: Set<string>, origin: string): void {
  const stack: { node: Schema; reference: Schema[]; at: string }[] = [{ node: ours, reference, at: origin }];
  while (stack.length > 0) {
    const { node, reference: at, at: where } = stack.pop()!;
    if (!node || typeof node !== 'object' || node[REFERENCE_MARK]) continue;
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const name = ref.slice(COMPONENTS.length);
      if (documentSchemas[name] && !entered.has(name)) {
        entered.add(name);
        stack.push({ node: documentSchemas[name], reference: at, at: `${where} (${name})` });
      }
      continue;
    }
    if (isBareObject(node)) {
      // The reference's schema here; where it is bare too, its own bare object (marked as the reference's).
      const found = single(at);
      if (found) {
        const description = node['description'];
        for (const key of Object.keys(node)) delete node[key];
        if (found['$ref']) Object.assign(node, { allOf: [found] });
        else Object.assign(node, structuredClone(found));
        if (description && !node['description']) node['description'] = description;
        node[REFERENCE_MARK] = where;
      }
      continue;
    }
    for (const [name, property] of Object.entries<Schema>(node['properties'] ?? {})) {
      stack.push({ node: property, reference: children(at, referenceSchemas, (n) => n['properties']?.[name]), at: `${where}.${name}` });
    }
    if (node['items']) stack.push({ node: node['items'], reference: children(at, referenceSchemas, (n) => n['items']), at: `${where}[]` });
    if (node['additionalProperties'] && typeof node['additionalProperties'] === 'object') {
      stack.push({ node: node['additionalProperties'], reference: children(at, referenceSchemas, (n) => (typeof n['additionalProperties'] === 'object' ? n['additionalProperties'] : undefined)), at: `${where}{}` });
    }
    for (const branch of node['allOf'] ?? []) stack.push({ node: branch, reference: at, at: where });
    // A variant of ours stands for the reference's variant of the same kind: a bare object for its object ones.
    for (const key of ['oneOf', 'anyOf']) {
      for (const branch of node[key] ?? []) {
        const reference = isBareObject(branch) ? variants(at).filter((variant) => variant['$ref'] || variant['type'] === 'object' || (!variant['type'] && variant['properties'])) : at;
        stack.push({ node: branch, reference, at: where });
      }
    }
  }
}

/**
 * For every operation the reference also has (same method, same path template), the bare objects
 * of its success response and of its JSON request body get the reference's schema at the same
 * position (`fill`). Operations the reference does not have declare their shapes themselves
 * (`referenceSchema`).
 */
export function deriveFromReference(document: OpenApiJson): void {
  const documentSchemas = (document['components']?.['schemas'] ?? {}) as Record<string, Schema>;
  const referenceSchemas = referenceDocument()['components']['schemas'] as Record<string, Schema>;
  const operations = referenceOperations();
  const entered = new Set<string>();
  for (const [template, item] of Object.entries<Schema>(document['paths'])) {
    for (const method of METHODS) {
      const operation = item[method];
      const counterpart = operation && operations.get(routeKey(method, template));
      if (!counterpart) continue;
      const id = counterpart['operationId'] ?? routeKey(method, template);
      const response = successSchema(operation);
      const referenceResponse = successSchema(counterpart);
      if (response && referenceResponse) fill(response, [referenceResponse], documentSchemas, referenceSchemas, entered, `${REFERENCE_PACKAGE}: ${id} response`);
      const body = jsonBody(operation['requestBody']);
      const referenceBody = jsonBody(counterpart['requestBody']);
      if (body && referenceBody) fill(body, [referenceBody], documentSchemas, referenceSchemas, entered, `${REFERENCE_PACKAGE}: ${id} request`);
    }
  }
}

/**
 * Copies into the document every component it names but does not define, from the reference
 * (and every component those name, transitively). A name the document defines itself is never
 * replaced; a name neither defines is an error naming it. Returns the names copied.
 */
export function importReferenceComponents(document: OpenApiJson): Set<string> {
  document['components'] ??= {};
  const documentSchemas = (document['components']['schemas'] ??= {}) as Record<string, Schema>;
  const referenceSchemas = referenceDocument()['components']['schemas'] as Record<string, Schema>;
  const imported = new Set<string>();
  const queue: unknown[] = [document['paths'], documentSchemas];
  while (queue.length > 0) {
    const node = queue.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      queue.push(...node);
      continue;
    }
    const ref = (node as Schema)['$ref'];
    if (typeof ref === 'string' && ref.startsWith(COMPONENTS)) {
      const name = ref.slice(COMPONENTS.length);
      if (!documentSchemas[name]) {
        const schema = referenceSchemas[name];
        if (!schema) throw new Error(`The OpenAPI document names the schema ${name}, which neither it nor ${REFERENCE_PACKAGE} defines.`);
        documentSchemas[name] = { ...structuredClone(schema), [REFERENCE_MARK]: name };
        imported.add(name);
        queue.push(documentSchemas[name]);
      }
      continue;
    }
    queue.push(...Object.values(node));
  }
  return imported;
}
