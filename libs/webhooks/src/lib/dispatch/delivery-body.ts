import { eventTypeDefinition } from '@docs/platform';
import type { SubscriptionKind } from '../subscriptions/event-subscription.entity';

/** Who a delivery is for. */
export interface Recipient {
  kind: SubscriptionKind;
  subscriptionId: string;
  /** The integration's installation (kind integration). */
  installationId: string | null;
}

/**
 * The JSON body of a delivery: the stored event payload and who it is for.
 *
 * - An integration's installation gets `installationId` (its own), as the reference's events carry.
 * - A webhook gets `webhookId`; where the reference requires an `installationId` on the type and
 *   the event has none of its own (every type but the installation events, which name the
 *   installation they are about), the webhook's id fills it, so every payload of a reference
 *   type is a valid reference `Event` and receivers written for integrations read webhooks as is.
 */
export function deliveryPayload(payload: Record<string, unknown>, recipient: Recipient): Record<string, unknown> {
  if (recipient.kind === 'integration') return { ...payload, installationId: (payload['installationId'] as string | undefined) ?? recipient.installationId };
  const definition = eventTypeDefinition(String(payload['type']));
  const body: Record<string, unknown> = { ...payload };
  if (definition?.needsInstallationId && body['installationId'] === undefined) body['installationId'] = recipient.subscriptionId;
  body['webhookId'] = recipient.subscriptionId;
  return body;
}

/** A ping: the common fields of an event, type `ping`, its delivery's id as `eventId`. */
export function pingPayload(deliveryId: string, organizationId: string, webhookId: string, createdAt: Date): Record<string, unknown> {
  return { eventId: deliveryId, type: 'ping', organizationId, createdAt: createdAt.toISOString(), webhookId };
}
