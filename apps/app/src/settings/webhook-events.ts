/** `*`: every event type, those the server adds later included. */
export const ALL_EVENTS = '*';

type Json = Record<string, unknown>;

const WEBHOOKS_PATH = '/v1/orgs/{organizationId}/webhooks';

/**
 * The event types a webhook may receive, as the API's own OpenAPI document (`/openapi.json`)
 * declares them in the body of `POST /v1/orgs/{organizationId}/webhooks` (`events[]`'s enum): the
 * server's catalogue, so a type it adds shows here without a change to the app. `*` is left out
 * (it is the "All events" choice). Throws when the document has no such list.
 */
export function webhookEventTypes(document: unknown): string[] {
  const root = asObject(document);
  const operation = asObject(asObject(asObject(root?.paths)?.[WEBHOOKS_PATH])?.post);
  let schema = asObject(asObject(asObject(asObject(operation?.requestBody)?.content)?.['application/json'])?.schema);
  schema = resolve(root, schema);
  const events = resolve(root, asObject(asObject(schema?.properties)?.events));
  const items = resolve(root, asObject(events?.items));
  const values = items?.enum;
  if (!Array.isArray(values) || values.length === 0) throw new Error("The API's OpenAPI document does not list the webhook event types.");
  return values.filter((value): value is string => typeof value === 'string' && value !== ALL_EVENTS);
}

/** What a webhook's `events` means for the form: all types, or the ones it names. */
export function eventsChoice(events: readonly string[]): { all: boolean; types: string[] } {
  return events.includes(ALL_EVENTS) ? { all: true, types: [] } : { all: false, types: [...events] };
}

/** The `events` to send for the form's choice, or the sentence saying why there is none. */
export function eventsToSend(all: boolean, types: readonly string[]): { events: string[] } | { error: string } {
  if (all) return { events: [ALL_EVENTS] };
  if (types.length === 0) return { error: 'Choose at least one event, or All events.' };
  return { events: [...new Set(types)] };
}

/** How a list of events reads in a sentence: "All events", or the types, or "3 event types". */
export function eventsSummary(events: readonly string[]): string {
  if (events.includes(ALL_EVENTS)) return 'All events';
  if (events.length <= 3) return events.join(', ');
  return `${events.length} event types`;
}

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A schema, or the one its local `$ref` (`#/components/schemas/...`) points at. */
function resolve(root: Json | undefined, schema: Json | undefined): Json | undefined {
  let current = schema;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = root;
    for (const part of ref.slice(2).split('/')) target = asObject(target)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    current = asObject(target);
  }
  return current;
}
