import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Membership } from '@docs/identity';
import { Clock, newId, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, In } from 'typeorm';
import type { EventSubscriptionEntity } from '../subscriptions/event-subscription.entity';
import { WebhooksService } from '../webhooks/webhooks.service';
import { DeliveryAttemptEntity } from './delivery-attempt.entity';
import { DeliveryStatus, EventDeliveryEntity } from './event-delivery.entity';

/** A delivery with its attempts, oldest first. */
export interface DeliveryView {
  delivery: EventDeliveryEntity;
  attempts: DeliveryAttemptEntity[];
}

/** What a webhook was sent, attempt by attempt; redeliveries and pings, made by the worker. */
@Injectable()
export class DeliveriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksService,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  /** Newest first; `status` keeps those in that state. Two statements and one for the page's attempts. */
  async list(member: Membership, webhookId: string, filters: { status?: DeliveryStatus; page?: string; limit?: number }): Promise<Page<DeliveryView>> {
    const webhook = await this.webhooks.get(member, webhookId);
    const query = this.dataSource.getRepository(EventDeliveryEntity).createQueryBuilder('d').where('d.subscription_id = :id', { id: webhook.id });
    if (filters.status) query.andWhere('d.status = :status', { status: filters.status });
    const page = await this.paginator.paginate(
      query,
      [
        sortKey<EventDeliveryEntity>('d.created_at', 'DESC', 'timestamp', (d) => d.createdAt),
        sortKey<EventDeliveryEntity>('d.id', 'DESC', 'text', (d) => d.id),
      ],
      { scope: `webhook-deliveries:${webhook.id}:${filters.status ?? ''}`, page: filters.page, limit: filters.limit },
    );
    const attempts = await this.attemptsOf(page.items.map((d) => d.id));
    return { ...page, items: page.items.map((delivery) => ({ delivery, attempts: attempts.get(delivery.id) ?? [] })) };
  }

  async get(member: Membership, webhookId: string, deliveryId: string): Promise<DeliveryView> {
    const webhook = await this.webhooks.get(member, webhookId);
    const delivery = await this.find(webhook, deliveryId);
    return { delivery, attempts: (await this.attemptsOf([delivery.id])).get(delivery.id) ?? [] };
  }

  /**
   * Sends a delivery's event (or ping) again, as a new delivery outside the webhook's order; the
   * worker makes one attempt. Its `webhook-id` is the event's id, as in the first delivery, so a
   * receiver that already processed it can tell.
   */
  async redeliver(member: Membership, webhookId: string, deliveryId: string): Promise<DeliveryView> {
    const webhook = await this.webhooks.get(member, webhookId);
    const original = await this.find(webhook, deliveryId);
    if (original.kind !== 'ping' && !original.eventId) throw new BadRequestException(`The event of delivery ${deliveryId} is no longer kept: it cannot be sent again.`);
    return this.request(webhook, original.kind === 'ping' ? 'ping' : 'redelivery', original);
  }

  /** A `ping` message to the webhook's URL, signed like every delivery: to check a receiver. */
  async ping(member: Membership, webhookId: string): Promise<DeliveryView> {
    return this.request(await this.webhooks.get(member, webhookId), 'ping');
  }

  private async request(webhook: EventSubscriptionEntity, kind: 'ping' | 'redelivery', original?: EventDeliveryEntity): Promise<DeliveryView> {
    const now = this.clock.now();
    const delivery = this.dataSource.getRepository(EventDeliveryEntity).create({
      id: newId(),
      subscriptionId: webhook.id,
      organizationId: webhook.organizationId,
      integrationName: webhook.integrationName,
      kind,
      eventId: kind === 'ping' ? null : original!.eventId,
      eventSequence: kind === 'ping' ? null : original!.eventSequence,
      eventType: kind === 'ping' ? 'ping' : original!.eventType,
      status: 'pending',
      attempts: 0,
      retryBase: 0,
      nextAttemptAt: now,
      leaseUntil: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    });
    await this.dataSource.getRepository(EventDeliveryEntity).insert(delivery);
    return { delivery, attempts: [] };
  }

  private async find(webhook: EventSubscriptionEntity, deliveryId: string): Promise<EventDeliveryEntity> {
    const delivery = await this.dataSource.getRepository(EventDeliveryEntity).findOneBy({ id: deliveryId, subscriptionId: webhook.id });
    if (!delivery) throw new NotFoundException(`Webhook ${webhook.id} has no delivery with the id ${deliveryId}.`);
    return delivery;
  }

  private async attemptsOf(deliveryIds: string[]): Promise<Map<string, DeliveryAttemptEntity[]>> {
    const byDelivery = new Map<string, DeliveryAttemptEntity[]>();
    if (deliveryIds.length === 0) return byDelivery;
    const rows = await this.dataSource.getRepository(DeliveryAttemptEntity).find({ where: { deliveryId: In(deliveryIds) }, order: { deliveryId: 'ASC', number: 'ASC' } });
    for (const row of rows) {
      const list = byDelivery.get(row.deliveryId) ?? [];
      list.push(row);
      byDelivery.set(row.deliveryId, list);
    }
    return byDelivery;
  }
}
