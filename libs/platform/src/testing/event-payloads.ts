import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { eventTypeDefinition } from '../lib/events/event-catalog';
import { COMMON_EVENT_SCHEMA, EXTENSION_EVENT_SCHEMAS, REFERENCE_EVENT_EXTRAS } from '../lib/events/event-schemas';
import { ReferenceSchema } from './reference-schema';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new Map<object, ValidateFunction>();

function run(schema: object, value: unknown, label: string): string[] {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${label}: ${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
}

/**
 * Problems of a delivered event payload (webhook or integration body); empty when valid. A
 * reference type must be a valid reference `Event` (and of its own schema), plus the common fields
 * and what `REFERENCE_EVENT_EXTRAS` adds; an extension type must match its schema exactly.
 */
export function eventPayloadProblems(payload: unknown): string[] {
  const type = String((payload as { type?: unknown })?.type);
  const definition = eventTypeDefinition(type);
  if (!definition) return [`unknown event type ${type}`];
  if (definition.referenceSchema) {
    const reference = ReferenceSchema.load();
    return [
      ...reference.validateSchema('Event', payload),
      ...reference.validateSchema(definition.referenceSchema, payload),
      ...run(REFERENCE_EVENT_EXTRAS[definition.type] ?? COMMON_EVENT_SCHEMA, payload, type),
    ];
  }
  return run(EXTENSION_EVENT_SCHEMAS[definition.type]!, payload, type);
}
