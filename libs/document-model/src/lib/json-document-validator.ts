import type { JSONDocument } from '@gitbook/api';
import Ajv, { type ValidateFunction } from 'ajv';

type Schema = Record<string, any>;

/** The reference's `components.schemas` (`@gitbook/api`'s OpenAPI document), or a part holding `JSONDocument` and what it names. */
export type ReferenceSchemas = Record<string, object>;

/** A value checked against the reference's JSONDocument: the document, or the sentence saying what is wrong. */
export type JsonDocumentCheck = { document: JSONDocument; problem?: undefined } | { problem: string; document?: undefined };

const ROOT = 'JSONDocument';
const COMPONENTS = '#/components/schemas/';

/**
 * The reference's JSONDocument as a check of values: every block, inline and mark with the fields
 * of its type (a math block needs `data.formula`, a divider's `data` is empty, `data.schemaVersion`
 * is an integer). The schemas are given, not imported: the server passes the reference as it reads
 * it, a browser the `@gitbook/api` OpenAPI document it loads when it first validates, so that
 * converting markdown never carries the reference. Only `JSONDocument` and the components it
 * names are kept and compiled, at construction (about half a second).
 */
export class JsonDocumentValidator {
  private readonly validate: ValidateFunction;
  private readonly schemas: Record<string, Schema>;

  constructor(reference: ReferenceSchemas) {
    this.schemas = documentComponents(reference);
    // Each component one function (inlined, the nested choices of blocks make code several times larger and slower to compile).
    const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false, inlineRefs: false });
    // The one format of these schemas (an icon's name) only annotates.
    ajv.addFormat('icon', true);
    ajv.addSchema({ components: { schemas: this.schemas } }, 'reference');
    this.validate = ajv.getSchema(`reference${COMPONENTS}${ROOT}`)!;
  }

  /**
   * What makes `value` no JSONDocument of the reference, as one sentence naming the field from
   * `field` (`document.nodes[0].data.formula is required`); undefined when it is one. The verdict
   * is a standard JSON Schema validator's (Ajv, on the reference's own schema); the sentence comes
   * from following the value through the schema, taking at each choice of node types the one the
   * value's `object` and `type` name, so that it speaks of the block that was meant rather than
   * of the forty it is not.
   */
  problem(value: unknown, field: string): string | undefined {
    if (this.validate(value)) return undefined;
    const explained = new Explainer(this.schemas).problem({ $ref: `${COMPONENTS}${ROOT}` }, value, field);
    if (explained) return explained;
    // The walk found nothing the validator did: its own words.
    const [error] = this.validate.errors ?? [];
    const path = (error?.instancePath ?? '')
      .split('/')
      .slice(1)
      .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
      .join('');
    return `${field}${path} ${error?.message ?? 'is not a valid JSONDocument'}`;
  }

  /**
   * `value` as a document to keep (its three members: others the reference leaves open but gives
   * no meaning are not kept), or the problem that makes it none (`problem`).
   */
  check(value: unknown, field: string): JsonDocumentCheck {
    const problem = this.problem(value, field);
    if (problem) return { problem };
    const { data, nodes } = value as JSONDocument;
    return { document: { object: 'document', data, nodes } };
  }
}

/** `JSONDocument` and every component it names, transitively, out of the reference's components. */
function documentComponents(reference: ReferenceSchemas): Record<string, Schema> {
  if (!reference[ROOT]) throw new Error(`The reference schemas have no ${ROOT}.`);
  const schemas: Record<string, Schema> = {};
  const queue = [ROOT];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (schemas[name] || !reference[name]) continue;
    schemas[name] = reference[name] as Schema;
    for (const [, named] of JSON.stringify(schemas[name]).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) queue.push(named);
  }
  return schemas;
}

/** Follows a value through the schemas, to the first thing it breaks. */
class Explainer {
  constructor(private readonly schemas: Record<string, Schema>) {}

  problem(schema: Schema, value: unknown, at: string): string | undefined {
    const node = this.resolve(schema);
    if (value === null && node['nullable']) return undefined;
    for (const part of node['allOf'] ?? []) {
      const found = this.problem(part, value, at);
      if (found) return found;
    }
    const choices = (node['oneOf'] ?? node['anyOf']) as Schema[] | undefined;
    if (choices) {
      const found = this.choiceProblem(choices, value, at);
      if (found) return found;
    }
    return this.ownProblem(node, value, at);
  }

  /** The keywords of one schema node besides its combinators. */
  private ownProblem(node: Schema, value: unknown, at: string): string | undefined {
    const type = node['type'] as string | undefined;
    if (type && value === null) return `${at} must not be null`;
    if (type && !hasType(value, type)) return `${at} must be ${article(type)} ${type}`;
    if (Array.isArray(node['enum']) && !node['enum'].includes(value)) return `${at} must be one of the following values: ${node['enum'].join(', ')}`;
    if (typeof value === 'string') {
      if (node['minLength'] !== undefined && value.length < node['minLength']) return `${at} must be longer than or equal to ${node['minLength']} characters`;
      if (node['maxLength'] !== undefined && value.length > node['maxLength']) return `${at} must be shorter than or equal to ${node['maxLength']} characters`;
      if (node['pattern'] && !new RegExp(node['pattern'], 'u').test(value)) return `${at} must match ${node['pattern']}`;
    }
    if (Array.isArray(value)) {
      if (node['minItems'] !== undefined && value.length < node['minItems']) return `${at} must contain at least ${node['minItems']} elements`;
      if (node['maxItems'] !== undefined && value.length > node['maxItems']) return `${at} must contain no more than ${node['maxItems']} elements`;
      if (node['items']) {
        for (let index = 0; index < value.length; index++) {
          const found = this.problem(node['items'], value[index], `${at}[${index}]`);
          if (found) return found;
        }
      }
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const properties = (node['properties'] ?? {}) as Record<string, Schema>;
      const required = new Set((node['required'] ?? []) as string[]);
      // In the order the schema declares them: `object` and `type` before what depends on them.
      for (const [name, declared] of Object.entries(properties)) {
        if (!Object.hasOwn(record, name)) {
          if (required.has(name)) return `${at}.${name} is required`;
          continue;
        }
        const found = this.problem(declared, record[name], `${at}.${name}`);
        if (found) return found;
      }
      for (const name of required) if (!Object.hasOwn(record, name)) return `${at}.${name} is required`;
      for (const [name, item] of Object.entries(record)) {
        if (Object.hasOwn(properties, name)) continue;
        if (node['additionalProperties'] === false) {
          return `${at}: property ${name} should not exist`;
        } else if (node['additionalProperties'] && typeof node['additionalProperties'] === 'object') {
          const found = this.problem(node['additionalProperties'], item, `${at}.${name}`);
          if (found) return found;
        }
      }
    }
    return undefined;
  }

  /**
   * A choice of schemas (`oneOf`, `anyOf`): those whose listed values (`object`, `type`, `kind`:
   * properties with an `enum`, in the order the schemas declare them) the value does not
   * contradict are what it meant, narrowed until one is left; the problem is the first of theirs.
   * None: the first listed value no choice takes.
   */
  private choiceProblem(choices: Schema[], value: unknown, at: string): string | undefined {
    const branches = this.flatten(choices);
    const typed = branches.filter((branch) => !branch['type'] || hasType(value, branch['type']) || (value === null && branch['nullable']));
    if (typed.length === 0) {
      const types = [...new Set(branches.map((branch) => branch['type'] as string))];
      return `${at} must be ${types.map((type) => `${article(type)} ${type}`).join(' or ')}`;
    }
    let meant = typed;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      for (const key of [...new Set(meant.flatMap((branch) => Object.keys(this.listedValues(branch))))]) {
        if (meant.length === 1) break;
        if (!Object.hasOwn(record, key)) continue;
        const next = meant.filter((branch) => {
          const listed = this.listedValues(branch)[key];
          return listed === undefined || listed.includes(record[key]);
        });
        if (next.length === 0) {
          const allowed = [...new Set(meant.flatMap((branch) => this.listedValues(branch)[key] ?? []))];
          return `${at}.${key} must be one of the following values: ${allowed.join(', ')}`;
        }
        meant = next;
      }
    }
    const problems = meant.map((branch) => this.problem(branch, value, at));
    if (problems.some((problem) => problem === undefined)) return undefined;
    return problems[0];
  }

  /** The choices with nested choices opened (`DocumentBlocksTopLevels` holds `DocumentBlocksEssentials`). */
  private flatten(choices: Schema[]): Schema[] {
    return choices.flatMap((choice) => {
      const node = this.resolve(choice);
      const nested = (node['oneOf'] ?? node['anyOf']) as Schema[] | undefined;
      return nested && !node['properties'] && !node['allOf'] ? this.flatten(nested) : [node];
    });
  }

  /** Properties of a schema (its `allOf` parts too) that list their values: what tells choices apart. */
  private listedValues(schema: Schema): Record<string, unknown[]> {
    const node = this.resolve(schema);
    const listed: Record<string, unknown[]> = {};
    for (const part of node['allOf'] ?? []) Object.assign(listed, this.listedValues(part));
    for (const [name, property] of Object.entries<Schema>(node['properties'] ?? {})) {
      const values = this.resolve(property)['enum'];
      if (Array.isArray(values)) listed[name] = values;
    }
    return listed;
  }

  private resolve(schema: Schema): Schema {
    let node = schema;
    for (let hops = 0; typeof node?.['$ref'] === 'string' && hops < 32; hops++) node = this.schemas[node['$ref'].slice(COMPONENTS.length)];
    return node ?? {};
  }
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? 'an' : 'a';
}
