import { eventsChoice, eventsSummary, eventsToSend, webhookEventTypes } from './webhook-events';

/** The shape of the API's document where it declares the body of createWebhook. */
const documentWith = (schema: unknown, components: Record<string, unknown> = {}) => ({
  openapi: '3.0.0',
  paths: { '/v1/orgs/{organizationId}/webhooks': { post: { requestBody: { content: { 'application/json': { schema } } } } } },
  components: { schemas: components },
});

describe('webhookEventTypes', () => {
  it("reads the types from the createWebhook body's events enum, following $refs, without *", () => {
    const document = documentWith(
      { $ref: '#/components/schemas/CreateWebhookDto' },
      { CreateWebhookDto: { type: 'object', properties: { url: { type: 'string' }, events: { type: 'array', items: { type: 'string', enum: ['*', 'space_created', 'change_request_merged'] } } } } },
    );
    expect(webhookEventTypes(document)).toEqual(['space_created', 'change_request_merged']);
  });

  it('reads an inline schema and an items $ref too', () => {
    const document = documentWith(
      { type: 'object', properties: { events: { type: 'array', items: { $ref: '#/components/schemas/EventType' } } } },
      { EventType: { type: 'string', enum: ['site_view'] } },
    );
    expect(webhookEventTypes(document)).toEqual(['site_view']);
  });

  it('throws on a document without the list (another server, a changed route)', () => {
    expect(() => webhookEventTypes({ paths: {} })).toThrow('does not list the webhook event types');
    expect(() => webhookEventTypes(null)).toThrow();
    expect(() => webhookEventTypes(documentWith({ $ref: 'https://elsewhere.example/schema.json' }))).toThrow();
    // A $ref that points at itself ends instead of looping.
    expect(() => webhookEventTypes(documentWith({ $ref: '#/components/schemas/Loop' }, { Loop: { $ref: '#/components/schemas/Loop' } }))).toThrow();
  });
});

describe('the events of the form', () => {
  it('tells all from a list, and sends * or the types chosen', () => {
    expect(eventsChoice(['*'])).toEqual({ all: true, types: [] });
    expect(eventsChoice(['space_created', 'site_view'])).toEqual({ all: false, types: ['space_created', 'site_view'] });
    expect(eventsToSend(true, ['space_created'])).toEqual({ events: ['*'] });
    expect(eventsToSend(false, ['space_created', 'space_created', 'site_view'])).toEqual({ events: ['space_created', 'site_view'] });
    expect(eventsToSend(false, [])).toEqual({ error: 'Choose at least one event, or All events.' });
  });

  it('summarises them in a few words', () => {
    expect(eventsSummary(['*'])).toBe('All events');
    expect(eventsSummary(['space_created', 'site_view'])).toBe('space_created, site_view');
    expect(eventsSummary(['a', 'b', 'c', 'd'])).toBe('4 event types');
  });
});
