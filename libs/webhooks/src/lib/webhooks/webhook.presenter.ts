import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { EventSubscriptionEntity } from '../subscriptions/event-subscription.entity';
import { ALL_EVENTS } from './dto/webhook-body.dto';
import type { WebhookDto, WebhookWithSecretDto } from './webhook.dto';

/** A webhook subscription -> its wire shape; the secret only when it was just made. */
@Injectable()
export class WebhookPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(webhook: EventSubscriptionEntity): WebhookDto {
    const location = this.urls.api('v1/orgs', webhook.organizationId, 'webhooks', webhook.id);
    return {
      object: 'webhook',
      id: webhook.id,
      url: webhook.url ?? '',
      description: webhook.description,
      events: webhook.eventTypes ?? [ALL_EVENTS],
      spaces: webhook.spaceIds ?? [],
      sites: webhook.siteIds ?? [],
      status: webhook.status,
      disabled: webhook.status === 'disabled' && webhook.disabledAt ? { at: webhook.disabledAt.toISOString(), reason: webhook.disabledReason ?? '' } : null,
      createdAt: webhook.createdAt.toISOString(),
      updatedAt: webhook.updatedAt.toISOString(),
      urls: { location, deliveries: `${location}/deliveries` },
    };
  }

  presentWithSecret(webhook: EventSubscriptionEntity, secret: string): WebhookWithSecretDto {
    return { ...this.present(webhook), secret };
  }
}
