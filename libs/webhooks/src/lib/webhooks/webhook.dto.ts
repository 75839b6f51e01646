import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';
import { WEBHOOK_EVENT_CHOICES } from './dto/webhook-body.dto';

export class WebhookDisabledDto {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ description: 'Why: the delivery whose retries ran out, and its last error.' }) reason: string;
}

export class WebhookUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
  @ApiProperty({ format: 'uri', description: 'Its deliveries, newest first.' }) deliveries: string;
}

/** An organization's webhook (an extension resource, docs/api-decisions.md "Events and webhooks"). */
export class WebhookDto {
  @ApiProperty({ enum: ['webhook'] }) object: 'webhook';
  @ApiProperty() id: string;
  @ApiProperty({ format: 'uri' }) url: string;
  @ApiProperty({ maxLength: 256 }) description: string;
  @ApiProperty({ type: [String], enum: WEBHOOK_EVENT_CHOICES, description: 'Event types it receives; `["*"]`: all.' }) events: string[];
  @ApiProperty({ type: [String], description: 'Only events about these spaces (or the sites of `sites`); both empty: every event of the organization.' }) spaces: string[];
  @ApiProperty({ type: [String] }) sites: string[];
  @ApiProperty({ enum: ['active', 'paused', 'disabled'], description: '`disabled`: its retries ran out (see `disabled`); PATCH `status: active` turns it back on.' })
  status: 'active' | 'paused' | 'disabled';
  @ApiProperty({
    type: 'object',
    nullable: true,
    required: ['at', 'reason'],
    properties: { at: { type: 'string', format: 'date-time' }, reason: { type: 'string', description: 'The delivery whose retries ran out, and its last error.' } },
    description: 'Set while it is `disabled`: since when, and why.',
  })
  disabled: WebhookDisabledDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: WebhookUrlsDto }) urls: WebhookUrlsDto;
}

/** The answer of create and rotate: the only times the secret is shown. */
export class WebhookWithSecretDto extends WebhookDto {
  @ApiProperty({ description: 'The Standard Webhooks signing secret (`whsec_...`): store it now, it is never shown again.' }) secret: string;
}

export class WebhookListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [WebhookDto] }) items: WebhookDto[];
}

