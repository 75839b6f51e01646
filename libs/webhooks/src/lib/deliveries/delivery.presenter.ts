import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { DeliveryView } from './deliveries.service';
import type { DeliveryAttemptEntity } from './delivery-attempt.entity';
import type { DeliveryAttemptDto, DeliveryDto } from './delivery.dto';

@Injectable()
export class DeliveryPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present({ delivery, attempts }: DeliveryView): DeliveryDto {
    return {
      object: 'webhook-delivery',
      id: delivery.id,
      webhookId: delivery.subscriptionId,
      kind: delivery.kind,
      event: delivery.eventId ? { id: delivery.eventId, type: delivery.eventType, sequence: Number(delivery.eventSequence) } : null,
      status: delivery.status,
      nextAttemptAt: delivery.status === 'pending' && delivery.nextAttemptAt ? delivery.nextAttemptAt.toISOString() : null,
      attempts: attempts.map(presentAttempt),
      createdAt: delivery.createdAt.toISOString(),
      completedAt: delivery.completedAt?.toISOString() ?? null,
      urls: { location: this.urls.api('v1/orgs', delivery.organizationId, 'webhooks', delivery.subscriptionId, 'deliveries', delivery.id) },
    };
  }
}

export function presentAttempt(attempt: DeliveryAttemptEntity): DeliveryAttemptDto {
  return {
    number: attempt.number,
    url: attempt.url,
    startedAt: attempt.startedAt.toISOString(),
    durationMs: attempt.durationMs,
    outcome: attempt.outcome,
    statusCode: attempt.statusCode,
    error: attempt.error,
    response: attempt.responseExcerpt,
  };
}
