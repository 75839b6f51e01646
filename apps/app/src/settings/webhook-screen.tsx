import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api } from '../api/client';
import type { Delivery, Webhook, WebhookWithSecret } from '../api/admin-types';
import { usePolling } from '../api/use-polling';
import { useResource } from '../api/use-resource';
import { ConfirmButton } from '../components/confirm-button';
import { Status } from '../components/status';
import { attemptSummary, deliverySummary, deliveryWhat, hasPendingDelivery } from './delivery-summary';
import { SettingsLayout } from './settings-layout';
import { eventsSummary } from './webhook-events';
import { WebhookForm } from './webhook-form';
import { WebhookSecret } from './webhook-secret';
import { WEBHOOK_STATUS_WORDS } from './webhooks-screen';

const time = (iso: string) => new Date(iso).toLocaleString();

/**
 * `/o/{organizationId}/settings/webhooks/{webhookId}`: one webhook (edit, pause or resume, test,
 * rotate its secret, delete) and its deliveries with every attempt, read again while some are
 * still on their way.
 */
export function WebhookScreen({ organizationId, webhookId }: { organizationId: string; webhookId: string }) {
  const { route } = useLocation();
  const base = `/v1/orgs/${organizationId}/webhooks/${webhookId}`;
  const webhook = useResource(`webhook:${webhookId}`, () => api.get<Webhook>(base));
  const deliveries = useResource(`deliveries:${webhookId}`, async () => (await api.get<{ items: Delivery[] }>(`${base}/deliveries?limit=50`)).items);
  // New events arrive at any time: the list is read again every few seconds, every second while one is on its way.
  usePolling(deliveries.data !== undefined, deliveries.reload, deliveries.data && hasPendingDelivery(deliveries.data) ? 1000 : 3000);
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();

  const act = async (what: () => Promise<void>) => {
    setError(undefined);
    setMessage(undefined);
    try {
      await what();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const data = webhook.data;
  return (
    <SettingsLayout organizationId={organizationId} current="webhooks">
      <p class="breadcrumbs">
        <a href={`/o/${organizationId}/settings/webhooks`}>Webhooks</a>
      </p>
      <Status resource={webhook} what="the webhook" />
      {data && (
        <>
          <h1 class="wrap">{data.url}</h1>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <span class={`badge status-${data.status}`}>{WEBHOOK_STATUS_WORDS[data.status]}</span>
              {data.disabled && ` since ${time(data.disabled.at)}: ${data.disabled.reason}`}
            </dd>
            <dt>Events</dt>
            <dd>{eventsSummary(data.events)}</dd>
            {data.description && (
              <>
                <dt>Description</dt>
                <dd>{data.description}</dd>
              </>
            )}
            {(data.spaces.length > 0 || data.sites.length > 0) && (
              <>
                <dt>Only about</dt>
                <dd>
                  {data.spaces.length} spaces, {data.sites.length} sites
                </dd>
              </>
            )}
          </dl>
          {secret && <WebhookSecret secret={secret} onDone={() => setSecret(undefined)} />}
          {editing ? (
            <WebhookForm
              organizationId={organizationId}
              title="Edit webhook"
              submit="Save"
              initial={data}
              onCancel={() => setEditing(false)}
              onSubmit={async (fields) => {
                await api.patch<Webhook>(base, fields);
                setEditing(false);
                setMessage('Saved.');
                webhook.reload();
              }}
            />
          ) : (
            <div class="actions">
              <button type="button" onClick={() => setEditing(true)}>
                Edit
              </button>
              <button
                type="button"
                class="secondary"
                onClick={() =>
                  act(async () => {
                    await api.patch<Webhook>(base, { status: data.status === 'active' ? 'paused' : 'active' });
                    setMessage(data.status === 'active' ? 'Paused: its events wait until it is resumed.' : 'Active again.');
                    webhook.reload();
                    deliveries.reload();
                  })
                }
              >
                {data.status === 'active' ? 'Pause' : data.status === 'paused' ? 'Resume' : 'Turn back on'}
              </button>
              <button
                type="button"
                class="secondary"
                onClick={() =>
                  act(async () => {
                    await api.post<Delivery>(`${base}/ping`);
                    setMessage('A test message is on its way: it shows in the deliveries below.');
                    deliveries.reload();
                  })
                }
              >
                Send a test
              </button>
              <button
                type="button"
                class="secondary"
                onClick={() =>
                  act(async () => {
                    const rotated = await api.post<WebhookWithSecret>(`${base}/secret/rotate`);
                    setSecret(rotated.secret);
                  })
                }
              >
                Rotate secret
              </button>
              <ConfirmButton
                label="Delete"
                question={`Delete the webhook ${data.url} and its deliveries?`}
                onConfirm={async () => {
                  await api.delete(base);
                  route(`/o/${organizationId}/settings/webhooks`);
                }}
              />
            </div>
          )}
          <p role="status" class="announce">
            {message}
          </p>
          {error && (
            <p role="alert" class="error">
              {error}
            </p>
          )}
          <h2>Deliveries</h2>
          <Status resource={deliveries} what="the deliveries" />
          {deliveries.data && deliveries.data.length === 0 && <p>Nothing was sent yet.</p>}
          {deliveries.data && deliveries.data.length > 0 && (
            <ol class="cards deliveries" aria-label="Deliveries">
              {deliveries.data.map((delivery) => (
                <DeliveryItem
                  key={delivery.id}
                  delivery={delivery}
                  onRedeliver={() =>
                    act(async () => {
                      await api.post<Delivery>(`${base}/deliveries/${delivery.id}/redeliver`);
                      setMessage(`${deliveryWhat(delivery)} is sent again.`);
                      deliveries.reload();
                    })
                  }
                />
              ))}
            </ol>
          )}
        </>
      )}
    </SettingsLayout>
  );
}

/** One delivery: what, its status, and its attempts with the answers the receiver gave. */
function DeliveryItem({ delivery, onRedeliver }: { delivery: Delivery; onRedeliver: () => void }) {
  const what = deliveryWhat(delivery);
  return (
    <li aria-label={what}>
      <p>
        <strong>{what}</strong> <span class={`badge status-${delivery.status}`}>{deliverySummary(delivery, time)}</span>
      </p>
      <p class="muted">{time(delivery.createdAt)}</p>
      {delivery.attempts.length > 0 && (
        <details>
          <summary>
            {delivery.attempts.length === 1 ? '1 attempt' : `${delivery.attempts.length} attempts`}
          </summary>
          <ol class="attempts">
            {delivery.attempts.map((attempt) => (
              <li key={attempt.number}>
                <p>
                  #{attempt.number}, {time(attempt.startedAt)}: {attemptSummary(attempt)}
                </p>
                {attempt.error && <p class="error">{attempt.error}</p>}
                {attempt.response !== null && attempt.response !== '' && (
                  <figure>
                    <figcaption>Response</figcaption>
                    <pre tabIndex={0}>{attempt.response}</pre>
                  </figure>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
      <button type="button" class="secondary" aria-label={`Redeliver ${what}`} onClick={onRedeliver}>
        Redeliver
      </button>
    </li>
  );
}
