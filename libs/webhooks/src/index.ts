/**
 * Webhooks and event deliveries (issue 22): an organization's webhooks (`/v1/orgs/{organizationId}/webhooks`),
 * the subscriptions of integrations' installations, and the worker's dispatcher that delivers the
 * events of the outbox (platform `EventOutbox`) to both, signed as Standard Webhooks says.
 * Depends on platform, identity and content; libs/integrations builds on it.
 */
export * from './lib/webhooks.module';
export * from './lib/webhooks-core.module';
export * from './lib/webhooks-worker.module';
export * from './lib/webhooks/webhook-sites';
export * from './lib/webhooks/webhooks.service';
export * from './lib/subscriptions/event-subscription.entity';
export * from './lib/subscriptions/integration-subscriptions';
export * from './lib/subscriptions/subscription-secrets';
export * from './lib/deliveries/event-delivery.entity';
export * from './lib/deliveries/delivery-attempt.entity';
export * from './lib/deliveries/deliveries.service';
export * from './lib/deliveries/delivery.dto';
export * from './lib/deliveries/delivery.presenter';
export * from './lib/deliveries/integration-event-log';
export * from './lib/dispatch/event-dispatcher';
export * from './lib/dispatch/event-retention';
export * from './lib/dispatch/retry-schedule';
export * from './lib/dispatch/webhook-signature';
export * from './lib/stats/delivery-metrics';
export * from './lib/stats/delivery-stats';
export * from './lib/stats/delivery-prometheus';
