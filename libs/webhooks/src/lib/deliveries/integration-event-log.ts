import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, In } from 'typeorm';
import { deliveryPayload } from '../dispatch/delivery-body';
import { DeliveryAttemptEntity } from './delivery-attempt.entity';
import { EventDeliveryEntity } from './event-delivery.entity';

/** One event an integration's installation was sent (the reference's IntegrationEvent), with its attempts. */
export interface IntegrationEventRecord {
  delivery: EventDeliveryEntity;
  /** The body as sent to the installation. */
  payload: Record<string, unknown>;
  /** When the event was written. */
  eventCreatedAt: Date;
  installationId: string | null;
  attempts: DeliveryAttemptEntity[];
}

/**
 * What an integration's installations were sent (`listIntegrationEvents`, `getIntegrationEvent`):
 * the deliveries to its installations that were attempted at least once, newest first. Who may
 * read them is libs/integrations' decision.
 */
@Injectable()
export class IntegrationEventLog {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly paginator: Paginator,
  ) {}

  async list(integrationName: string, page: { page?: string; limit?: number }): Promise<Page<IntegrationEventRecord>> {
    const query = this.dataSource
      .getRepository(EventDeliveryEntity)
      .createQueryBuilder('d')
      .where(`d.integration_name = :integrationName AND d.attempts > 0 AND d.event_id IS NOT NULL`, { integrationName });
    const found = await this.paginator.paginate(
      query,
      [
        sortKey<EventDeliveryEntity>('d.created_at', 'DESC', 'timestamp', (d) => d.createdAt),
        sortKey<EventDeliveryEntity>('d.id', 'DESC', 'text', (d) => d.id),
      ],
      { scope: `integration-events:${integrationName}`, ...page },
    );
    return { ...found, items: await this.records(found.items) };
  }

  async get(integrationName: string, deliveryId: string): Promise<IntegrationEventRecord | undefined> {
    const delivery = await this.dataSource.getRepository(EventDeliveryEntity).findOneBy({ id: deliveryId, integrationName });
    if (!delivery || delivery.attempts === 0 || !delivery.eventId) return undefined;
    return (await this.records([delivery]))[0];
  }

  /** The events, subscriptions and attempts of a page of deliveries: three statements whatever its size. */
  private async records(deliveries: EventDeliveryEntity[]): Promise<IntegrationEventRecord[]> {
    if (deliveries.length === 0) return [];
    const ids = deliveries.map((d) => d.id);
    const rows: { id: string; payload: Record<string, unknown>; created_at: Date; installation_id: string | null }[] = await this.dataSource.query(
      `SELECT d.id, e.payload, e.created_at, s.installation_id
         FROM event_deliveries d JOIN events e ON e.id = d.event_id JOIN event_subscriptions s ON s.id = d.subscription_id
        WHERE d.id = ANY ($1)`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const attempts = await this.dataSource.getRepository(DeliveryAttemptEntity).find({ where: { deliveryId: In(ids) }, order: { deliveryId: 'ASC', number: 'ASC' } });
    return deliveries.map((delivery) => {
      const row = byId.get(delivery.id)!;
      return {
        delivery,
        payload: deliveryPayload(row.payload, { kind: 'integration', subscriptionId: delivery.subscriptionId, installationId: row.installation_id }),
        eventCreatedAt: row.created_at,
        installationId: row.installation_id,
        attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
      };
    });
  }
}
