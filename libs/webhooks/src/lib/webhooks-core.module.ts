import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentCoreModule } from '@docs/content';
import { IdentityCoreModule } from '@docs/identity';
import { DeliveriesService } from './deliveries/deliveries.service';
import { DeliveryAttemptEntity } from './deliveries/delivery-attempt.entity';
import { IntegrationEventLog } from './deliveries/integration-event-log';
import { EventDeliveryEntity } from './deliveries/event-delivery.entity';
import { DeliveryStats } from './stats/delivery-stats';
import { EventSubscriptionEntity } from './subscriptions/event-subscription.entity';
import { IntegrationSubscriptions } from './subscriptions/integration-subscriptions';
import { SubscriptionSecrets } from './subscriptions/subscription-secrets';
import { WebhooksService } from './webhooks/webhooks.service';

const entities = TypeOrmModule.forFeature([EventSubscriptionEntity, EventDeliveryEntity, DeliveryAttemptEntity]);
const services = [SubscriptionSecrets, WebhooksService, DeliveriesService, DeliveryStats, IntegrationSubscriptions, IntegrationEventLog];

/** Subscriptions, deliveries and their figures, without routes: for the api, the worker, the CLI and libs/integrations. */
@Module({
  imports: [IdentityCoreModule, ContentCoreModule, entities],
  providers: services,
  exports: [entities, ...services],
})
export class WebhooksCoreModule {}
