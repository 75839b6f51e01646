import { Module } from '@nestjs/common';
import { IdentityCoreModule } from '@docs/identity';
import { DeliveryPresenter } from './deliveries/delivery.presenter';
import { WebhookPresenter } from './webhooks/webhook.presenter';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksCoreModule } from './webhooks-core.module';

/** The HTTP surface: `/v1/orgs/{organizationId}/webhooks` and their deliveries. */
@Module({
  imports: [IdentityCoreModule, WebhooksCoreModule],
  controllers: [WebhooksController],
  providers: [WebhookPresenter, DeliveryPresenter],
})
export class WebhooksModule {}
