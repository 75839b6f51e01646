import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPE_NAMES, ListEnvelopeDto } from '@docs/platform';

export const ATTEMPT_OUTCOMES = ['succeeded', 'http_error', 'redirect', 'timeout', 'network', 'refused', 'interrupted'] as const;

export class DeliveryAttemptDto {
  @ApiProperty({ type: 'integer', minimum: 1 }) number: number;
  @ApiProperty({ format: 'uri', description: 'Where it was sent.' }) url: string;
  @ApiProperty({ format: 'date-time' }) startedAt: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null while it runs, or when its worker died.' }) durationMs: number | null;
  @ApiProperty({
    type: String,
    enum: [...ATTEMPT_OUTCOMES, null],
    nullable: true,
    description:
      '`succeeded`: a 2xx; `http_error`: another status; `redirect`: a 3xx (never followed); `timeout`; `network`: connection refused or cut, DNS; ' +
      '`refused`: an address deliveries may not reach (FETCH_ALLOW_HOSTS); `interrupted`: its worker stopped, the delivery was taken up again; null: running.',
  })
  outcome: (typeof ATTEMPT_OUTCOMES)[number] | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The HTTP status answered.' }) statusCode: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'What went wrong, in a sentence.' }) error: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The first 1,024 characters of the answer body.' }) response: string | null;
}

export class DeliveryEventDto {
  @ApiProperty() id: string;
  @ApiProperty() type: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: "Its place in the organization's events." }) sequence: number;
}

export class DeliveryUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
}

/** One event (or ping) sent to one webhook, with every attempt. */
export class DeliveryDto {
  @ApiProperty({ enum: ['webhook-delivery'] }) object: 'webhook-delivery';
  @ApiProperty() id: string;
  @ApiProperty() webhookId: string;
  @ApiProperty({ enum: ['event', 'redelivery', 'ping'], description: '`event`: in the order of the events; `redelivery` and `ping`: asked for, one attempt, outside that order.' })
  kind: 'event' | 'redelivery' | 'ping';
  @ApiProperty({
    type: 'object',
    nullable: true,
    required: ['id', 'type', 'sequence'],
    properties: {
      id: { type: 'string' },
      type: { type: 'string', enum: [...EVENT_TYPE_NAMES] },
      sequence: { type: 'integer', minimum: 1, description: "Its place in the organization's events." },
    },
    description: 'The event sent; null for a ping.',
  })
  event: DeliveryEventDto | null;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'], description: '`failed`: no attempt is left (a ping or redelivery, or an event whose retries ran out: its webhook is disabled).' })
  status: 'pending' | 'succeeded' | 'failed';
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the worker tries again (pending deliveries).' }) nextAttemptAt: string | null;
  @ApiProperty({ type: [DeliveryAttemptDto] }) attempts: DeliveryAttemptDto[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt: string | null;
  @ApiProperty({ type: DeliveryUrlsDto }) urls: DeliveryUrlsDto;
}

export class DeliveryListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [DeliveryDto] }) items: DeliveryDto[];
}
