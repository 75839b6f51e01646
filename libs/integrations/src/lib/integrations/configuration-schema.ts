import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { defineOwn } from '@docs/platform';
import type { ConfigurationProperty, IntegrationConfiguration } from './integration-values';

const PROPERTY_DEFINITION = {
  type: 'object',
  required: ['type'],
  additionalProperties: false,
  properties: {
    type: { enum: ['string', 'number', 'boolean', 'button'] },
    title: { type: 'string', maxLength: 30 },
    description: { type: 'string', maxLength: 100 },
    default: { type: ['string', 'number', 'boolean'] },
    completion_url: { type: 'string', maxLength: 2048 },
    enum: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'string' } },
    callback_url: { type: 'string', maxLength: 2048 },
    button_text: { type: 'string', maxLength: 30 },
  },
  if: { properties: { type: { const: 'button' } } },
  then: { required: ['callback_url', 'button_text'] },
};

const CONFIGURATION_DEFINITION = {
  oneOf: [
    {
      type: 'object',
      required: ['properties'],
      additionalProperties: false,
      properties: {
        properties: {
          type: 'object',
          maxProperties: 50,
          propertyNames: { pattern: '^[a-zA-Z0-9_-]{1,64}$' },
          additionalProperties: PROPERTY_DEFINITION,
        },
        required: { type: 'array', uniqueItems: true, items: { type: 'string' } },
      },
    },
    {
      type: 'object',
      required: ['componentId'],
      additionalProperties: false,
      properties: { componentId: { type: 'string', minLength: 1, maxLength: 100 } },
    },
  ],
};

/** The shape of a publish body's `configurations` (the reference's IntegrationConfigurations). */
const CONFIGURATIONS_DEFINITION = {
  type: 'object',
  additionalProperties: false,
  properties: { account: CONFIGURATION_DEFINITION, space: CONFIGURATION_DEFINITION, site: CONFIGURATION_DEFINITION },
};

type JsonSchema = Record<string, any>;

/**
 * The same schema in OpenAPI 3.0's dialect, for `/openapi.json` (`PublishIntegrationDto`): type
 * lists become `oneOf`, `const` an `enum`, a property's `if type is X then required` two variants,
 * `propertyNames` a sentence (3.0 has no keyword for it). What it accepts is what the check above
 * accepts, but for the rules `configurationsProblems` adds (say them in the description).
 */
function toOpenApi30(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(toOpenApi30);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'if' || key === 'then' || key === 'propertyNames') continue;
    if (key === 'type' && Array.isArray(value)) out['oneOf'] = value.map((type: string) => ({ type }));
    else if (key === 'const') out['enum'] = [value];
    else out[key] = typeof value === 'object' ? toOpenApi30(value) : value;
  }
  if (schema['propertyNames']?.pattern) out['description'] = `Names match ${schema['propertyNames'].pattern}.`;
  const condition = schema['if']?.properties;
  if (condition && schema['then']?.required) {
    const [name] = Object.keys(condition);
    const value = condition[name].const;
    const values = (schema['properties'][name].enum as unknown[]).filter((other) => other !== value);
    const { properties, required = [] } = out;
    delete out['properties'];
    delete out['required'];
    out['oneOf'] = [
      { type: 'object', additionalProperties: false, required: [...required, ...schema['then'].required], properties: { ...properties, [name]: { enum: [value] } } },
      { type: 'object', additionalProperties: false, required, properties: { ...properties, [name]: { enum: values } } },
    ];
    delete out['type'];
    delete out['additionalProperties'];
  }
  return out;
}

/** `configurations` of a publish body, as `/openapi.json` states it. */
export const CONFIGURATIONS_OPENAPI_SCHEMA: JsonSchema = toOpenApi30(CONFIGURATIONS_DEFINITION);

// Definitions are checked strictly; configurations get their declared defaults filled in.
const definitions = new Ajv({ allErrors: true, strict: false });
const checkDefinitions = definitions.compile(CONFIGURATIONS_DEFINITION);
const values = new Ajv({ allErrors: true, strict: false, useDefaults: true });

function describe(errors: ErrorObject[] | null | undefined, root: string): string[] {
  return (errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const path = `${root}${e.instancePath.replace(/\//g, '.')}`;
      if (e.keyword === 'additionalProperties') return `property ${path}.${String(e.params.additionalProperty)} should not exist`;
      if (e.keyword === 'enum') return `${path} must be one of ${(e.params.allowedValues as unknown[]).join(', ')}`;
      return `${path} ${e.message}`;
    });
}

/** Problems of a publish body's `configurations`, each naming its path; empty when valid. */
export function configurationsProblems(configurations: unknown): string[] {
  if (!checkDefinitions(configurations)) return [...new Set(describe(checkDefinitions.errors, 'configurations'))];
  const problems: string[] = [];
  for (const [level, definition] of Object.entries(configurations as Record<string, IntegrationConfiguration>)) {
    if (!('properties' in definition)) continue;
    const root = `configurations.${level}`;
    for (const name of definition.required ?? []) {
      if (!definition.properties[name]) problems.push(`${root}.required names ${name}, which is not a property`);
    }
    for (const [name, property] of Object.entries(definition.properties)) {
      problems.push(...propertyProblems(property).map((problem) => `${root}.properties.${name}.${problem}`));
    }
  }
  return problems;
}

function propertyProblems(property: ConfigurationProperty): string[] {
  const problems: string[] = [];
  if (property.enum && property.type !== 'string') problems.push('enum is only for string properties');
  if (property.completion_url && property.type !== 'string') problems.push('completion_url is only for string properties');
  if (property.default !== undefined) {
    if (property.type === 'button') problems.push('default is not for buttons');
    else if (typeof property.default !== property.type) problems.push(`default must be a ${property.type}`);
    else if (property.enum && !property.enum.includes(property.default as string)) problems.push('default must be one of enum');
  }
  return problems;
}

/** The JSON Schema a configuration must match, from the integration's definition for that level. */
export function configurationJsonSchema(definition: IntegrationConfiguration | undefined): object {
  // No definition: the integration takes no configuration at that level.
  if (!definition) return { type: 'object', maxProperties: 0 };
  // A ContentKit component renders and checks its own configuration: any object.
  if (!('properties' in definition)) return { type: 'object' };
  const properties: Record<string, object> = {};
  for (const [name, property] of Object.entries(definition.properties)) {
    // Buttons are actions in the configuration screen, not values.
    if (property.type === 'button') continue;
    defineOwn(properties, name, {
      type: property.type,
      ...(property.enum ? { enum: property.enum } : {}),
      ...(property.default !== undefined ? { default: property.default } : {}),
    });
  }
  const required = (definition.required ?? []).filter((name) => Object.hasOwn(properties, name));
  return { type: 'object', properties, required, additionalProperties: false };
}

const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 500;

/**
 * Checks `configuration` (a plain object) against the integration's definition for one level and
 * fills in declared defaults (in place). Returns the problems, each naming its path under `root`.
 */
export function configurationProblems(definition: IntegrationConfiguration | undefined, configuration: Record<string, unknown>, root = 'configuration'): string[] {
  const schema = configurationJsonSchema(definition);
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    validate = values.compile(schema);
    compiled.set(key, validate);
  }
  if (validate(configuration)) return [];
  if (!definition) return [`${root} must be empty: the integration declares no configuration here`];
  return [...new Set(describe(validate.errors, root))];
}
