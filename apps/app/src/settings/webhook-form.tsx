import { useEffect, useRef, useState } from 'preact/hooks';
import { FormFooter, useFormSubmission } from '../components/form-submission';
import { api } from '../api/client';
import type { Webhook } from '../api/admin-types';
import { useResource } from '../api/use-resource';
import { eventsChoice, eventsToSend, webhookEventTypes } from './webhook-events';
import { WebhookScopeFields } from './webhook-scope-fields';

/** The event types, read once per page from the API's OpenAPI document (about 60 kB gzipped). */
let eventTypes: Promise<string[]> | undefined;
function loadEventTypes(): Promise<string[]> {
  eventTypes ??= api.get<unknown>('/openapi.json').then(webhookEventTypes, (error: Error) => {
    eventTypes = undefined;
    throw error;
  });
  return eventTypes;
}

export interface WebhookFields {
  url: string;
  description: string;
  events: string[];
  /** Only events about these spaces or sites (both empty: every event). */
  spaces: string[];
  sites: string[];
}

interface WebhookFormProps {
  /** The form's name and its submit button's: "New webhook" / "Create webhook", "Edit webhook" / "Save". */
  title: string;
  submit: string;
  organizationId: string;
  initial?: Pick<Webhook, 'url' | 'description' | 'events' | 'spaces' | 'sites'>;
  onSubmit: (fields: WebhookFields) => Promise<void>;
  onCancel: () => void;
}

/**
 * A webhook's URL, description and events: "All events" (types added later included), or the
 * types chosen one by one from the list the API declares; the spaces and sites it is about.
 * Escape or "Cancel" closes it.
 */
export function WebhookForm({ title, submit, organizationId, initial, onSubmit, onCancel }: WebhookFormProps) {
  const start = eventsChoice(initial?.events ?? ['*']);
  const [all, setAll] = useState(start.all);
  const [chosen, setChosen] = useState<string[]>(start.types);
  const { error, setError, busy, send } = useFormSubmission();
  const urlInput = useRef<HTMLInputElement>(null);
  const types = useResource(all ? null : 'webhook-event-types', loadEventTypes);
  useEffect(() => urlInput.current?.focus(), []);
  return (
    <form
      class="inline-form admin-form"
      aria-label={title}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget as HTMLFormElement;
        const url = (form.elements.namedItem('url') as HTMLInputElement).value.trim();
        const description = (form.elements.namedItem('description') as HTMLInputElement).value.trim();
        if (!url) return setError('Payload URL is required.');
        const events = eventsToSend(all, chosen);
        if ('error' in events) return setError(events.error);
        const data = new FormData(form);
        await send(() => onSubmit({ url, description, events: events.events, spaces: data.getAll('space').map(String), sites: data.getAll('site').map(String) }));
      }}
    >
      <label>
        Payload URL
        <input ref={urlInput} name="url" type="url" required maxLength={2048} placeholder="https://ci.example.com/docs-hook" defaultValue={initial?.url ?? ''} />
      </label>
      <label>
        Description
        <input name="description" maxLength={256} defaultValue={initial?.description ?? ''} />
      </label>
      <fieldset class="events">
        <legend>Events</legend>
        <label class="check">
          <input type="checkbox" name="all-events" checked={all} onChange={(event) => setAll((event.currentTarget as HTMLInputElement).checked)} /> All events (types added later too)
        </label>
        {!all && types.loading && <p role="status">Loading the event types…</p>}
        {!all && types.error && (
          <p role="alert" class="error">
            The event types could not be read: {types.error.message}
          </p>
        )}
        {!all && types.data && (
          <div class="event-types">
            {types.data.map((type) => (
              <label class="check" key={type}>
                <input
                  type="checkbox"
                  name="event"
                  value={type}
                  checked={chosen.includes(type)}
                  onChange={(event) => {
                    const on = (event.currentTarget as HTMLInputElement).checked;
                    setChosen((previous) => (on ? [...previous, type] : previous.filter((t) => t !== type)));
                  }}
                />{' '}
                <code>{type}</code>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <WebhookScopeFields organizationId={organizationId} spaces={initial?.spaces ?? []} sites={initial?.sites ?? []} />
      <FormFooter submit={submit} busy={busy} onCancel={onCancel} error={error} actions="actions" />
    </form>
  );
}
