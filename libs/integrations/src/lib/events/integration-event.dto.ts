import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListEnvelopeDto, REFERENCE_EVENT_TYPE_NAMES } from '@docs/platform';

/** The reference's `Event` as sent: its common fields here; each type's own fields follow the reference's schema of that type. */
export class IntegrationEventPayloadDto {
  @ApiProperty() eventId: string;
  @ApiProperty({ enum: REFERENCE_EVENT_TYPE_NAMES }) type: string;
  @ApiProperty({ description: 'The installation it was sent to (or, for installation events, the one it is about: the same).' }) installationId: string;
  [field: string]: unknown;
}

/** The reference's IntegrationEvent: one event as one installation of the integration was sent it. */
export class IntegrationEventDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: "The integration's name." }) integrationId: string;
  @ApiPropertyOptional() installationId?: string;
  @ApiProperty({ format: 'date-time', description: 'When the event was written.' }) createdAt: string;
  @ApiProperty({ type: IntegrationEventPayloadDto, additionalProperties: true }) payload: IntegrationEventPayloadDto;
  @ApiProperty({ enum: ['success', 'failed'], description: '`success`: its last attempt succeeded; `failed`: its last attempt failed (more may follow on the retry schedule).' })
  status: 'success' | 'failed';
}

export class IntegrationEventListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [IntegrationEventDto] }) items: IntegrationEventDto[];
}

export class IntegrationEventLogDto {
  @ApiProperty({ description: 'A sentence on one attempt.' }) message: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ enum: ['debug', 'info', 'warn', 'error'] }) level: 'debug' | 'info' | 'warn' | 'error';
}

export class IntegrationEventTraceDto {
  @ApiProperty({ type: [IntegrationEventLogDto], description: 'One entry per delivery attempt, oldest first.' }) logs: IntegrationEventLogDto[];
}

export class IntegrationEventWithTraceDto {
  @ApiProperty({ type: IntegrationEventDto }) event: IntegrationEventDto;
  @ApiProperty({ type: IntegrationEventTraceDto }) trace: IntegrationEventTraceDto;
}
