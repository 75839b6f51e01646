import { useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { Webhook, WebhookWithSecret } from '../api/admin-types';
import type { Organization } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { SettingsLayout } from './settings-layout';
import { eventsSummary } from './webhook-events';
import { WebhookForm } from './webhook-form';
import { WebhookSecret } from './webhook-secret';

const STATUS_WORDS: Record<Webhook['status'], string> = { active: 'Active', paused: 'Paused', disabled: 'Disabled' };

/** `/o/{organizationId}/settings/webhooks`: the organization's webhooks (its admins only, as the API allows). */
export function WebhooksScreen({ organizationId }: { organizationId: string }) {
  const organization = useResource(`organization:${organizationId}`, () => api.get<Organization>(`/v1/orgs/${organizationId}`));
  const admin = organization.data?.permissions.admin === true;
  const webhooks = useResource(admin ? `webhooks:${organizationId}` : null, () => listAll<Webhook>(`/v1/orgs/${organizationId}/webhooks`));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WebhookWithSecret>();
  return (
    <SettingsLayout organizationId={organizationId} current="webhooks">
      <h1>Webhooks</h1>
      <p>Every change in the organization is an event; a webhook receives them as signed POST requests, in order, retried until they arrive.</p>
      <Status resource={organization} what="the organization" />
      {organization.data && !admin && <p>Only the organization's admins see and manage its webhooks.</p>}
      {admin && (
        <>
          {created && <WebhookSecret secret={created.secret} onDone={() => setCreated(undefined)} />}
          {creating ? (
            <WebhookForm
              organizationId={organizationId}
              title="New webhook"
              submit="Create webhook"
              onCancel={() => setCreating(false)}
              onSubmit={async (fields) => {
                const webhook = await api.post<WebhookWithSecret>(`/v1/orgs/${organizationId}/webhooks`, fields);
                setCreating(false);
                setCreated(webhook);
                webhooks.reload();
              }}
            />
          ) : (
            <p>
              <button type="button" onClick={() => setCreating(true)}>
                New webhook
              </button>
            </p>
          )}
          <Status resource={webhooks} what="the webhooks" />
          {webhooks.data && webhooks.data.length === 0 && <p>No webhook yet.</p>}
          {webhooks.data && webhooks.data.length > 0 && (
            <ul class="cards" aria-label="Webhooks">
              {webhooks.data.map((webhook) => (
                <li key={webhook.id}>
                  <a class="wrap" href={`/o/${organizationId}/settings/webhooks/${webhook.id}`}>
                    {webhook.url}
                  </a>{' '}
                  <span class={`badge status-${webhook.status}`}>{STATUS_WORDS[webhook.status]}</span>
                  {webhook.description && <p class="muted">{webhook.description}</p>}
                  <p class="muted">{eventsSummary(webhook.events)}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </SettingsLayout>
  );
}

export { STATUS_WORDS as WEBHOOK_STATUS_WORDS };
