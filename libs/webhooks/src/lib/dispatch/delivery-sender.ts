import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, FetchError, SafeFetcher } from '@docs/platform';
import { SubscriptionSecrets } from '../subscriptions/subscription-secrets';
import { deliveryPayload, pingPayload } from './delivery-body';
import type { AttemptResult, ClaimedDelivery } from './delivery-queue';
import { signDelivery } from './webhook-signature';

/** Characters of an answer kept with its attempt. */
export const EXCERPT_CHARS = 1024;
export const USER_AGENT = 'docs-platform-webhooks/1';

/**
 * One attempt of one delivery: the body, signed as Standard Webhooks says, POSTed through the
 * SafeFetcher (its address rules, `FETCH_ALLOW_HOSTS`, no redirect followed), within
 * `WEBHOOK_TIMEOUT_MS`. Any 2xx is a success; everything else is a failure with a reason.
 */
@Injectable()
export class DeliverySender {
  private readonly timeoutMs: number;

  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly secrets: SubscriptionSecrets,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.timeoutMs = config.webhooks.timeoutMs;
  }

  /** The JSON body a claimed delivery sends (null: its event is gone). */
  body(delivery: ClaimedDelivery): string | null {
    const { subscription } = delivery;
    if (delivery.kind === 'ping') return JSON.stringify(pingPayload(delivery.id, delivery.organizationId, delivery.subscriptionId, delivery.createdAt));
    if (!delivery.payload) return null;
    return JSON.stringify(deliveryPayload(delivery.payload, { kind: subscription.kind, subscriptionId: delivery.subscriptionId, installationId: subscription.installationId }));
  }

  async attempt(delivery: ClaimedDelivery, sentAt: Date, signal: AbortSignal): Promise<AttemptResult> {
    const started = performance.now();
    const failed = (outcome: AttemptResult['outcome'], error: string): AttemptResult => ({
      outcome,
      durationMs: Math.round(performance.now() - started),
      statusCode: null,
      error,
      responseExcerpt: null,
    });
    const body = this.body(delivery);
    if (body === null) return failed('refused', 'The event is no longer kept (EVENT_RETENTION_DAYS).');
    const url = delivery.subscription.url;
    if (!url) return failed('refused', 'The subscription has no URL to deliver to.');
    const secrets = this.secrets.signingSecrets(delivery.subscription, sentAt);
    if (secrets.length === 0) return failed('refused', 'The subscription has no signing secret.');
    // The message id is the event's: a retry or a redelivery has the same one, so receivers can drop duplicates.
    const messageId = delivery.kind === 'ping' ? delivery.id : (delivery.eventId as string);
    const headers = { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...signDelivery(secrets, messageId, sentAt, body) };
    try {
      const response = await this.fetcher.post(url, { body, headers, timeoutMs: this.timeoutMs, excerptBytes: EXCERPT_CHARS * 4, signal });
      const durationMs = Math.round(performance.now() - started);
      const excerpt = excerptOf(response.excerpt);
      const { status } = response;
      if (status >= 200 && status < 300) return { outcome: 'succeeded', durationMs, statusCode: status, error: null, responseExcerpt: excerpt };
      if (status >= 300 && status < 400) {
        const location = String(response.headers['location'] ?? '');
        return { outcome: 'redirect', durationMs, statusCode: status, error: `Answered a redirect${location ? ` to ${location.slice(0, 512)}` : ''}: redirects are not followed.`, responseExcerpt: excerpt };
      }
      return { outcome: 'http_error', durationMs, statusCode: status, error: `Answered HTTP status ${status}.`, responseExcerpt: excerpt };
    } catch (error) {
      if (error instanceof FetchError) {
        const outcome = error.failure === 'timeout' ? 'timeout' : error.failure === 'address' || error.failure === 'scheme' || error.failure === 'url' ? 'refused' : 'network';
        return failed(outcome, error.message);
      }
      return failed('network', (error as Error)?.message ?? 'The request failed.');
    }
  }
}

/** The answer's first characters, as text (invalid UTF-8 replaced). */
function excerptOf(bytes: Buffer): string | null {
  if (bytes.length === 0) return null;
  // PostgreSQL text cannot hold NUL.
  const text = bytes.toString('utf8').split(String.fromCharCode(0)).join('\ufffd');
  return text.length > EXCERPT_CHARS ? text.slice(0, EXCERPT_CHARS) : text;
}
