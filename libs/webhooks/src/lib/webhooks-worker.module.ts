import { Module } from '@nestjs/common';
import { DeliveryQueue } from './dispatch/delivery-queue';
import { DeliverySender } from './dispatch/delivery-sender';
import { EventDispatcher } from './dispatch/event-dispatcher';
import { EventRetention } from './dispatch/event-retention';
import { DeliveryMetrics } from './stats/delivery-metrics';
import { WebhooksCoreModule } from './webhooks-core.module';

/** The delivery loop: imported by the worker only (it starts with the application). */
@Module({
  imports: [WebhooksCoreModule],
  providers: [DeliveryQueue, DeliverySender, EventRetention, DeliveryMetrics, EventDispatcher],
  exports: [EventDispatcher, DeliveryMetrics, EventRetention],
})
export class WebhooksWorkerModule {}
