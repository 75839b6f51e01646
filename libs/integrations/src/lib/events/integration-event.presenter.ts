import type { DeliveryAttemptEntity, IntegrationEventRecord } from '@docs/webhooks';
import type { IntegrationEventDto, IntegrationEventLogDto, IntegrationEventPayloadDto } from './integration-event.dto';

/** A delivery to an installation -> the reference's IntegrationEvent. */
export function presentIntegrationEvent(record: IntegrationEventRecord): IntegrationEventDto {
  const event: IntegrationEventDto = {
    id: record.delivery.id,
    integrationId: record.delivery.integrationName ?? '',
    createdAt: record.eventCreatedAt.toISOString(),
    payload: record.payload as IntegrationEventPayloadDto,
    status: lastOutcome(record.attempts) === 'succeeded' ? 'success' : 'failed',
  };
  if (record.installationId) event.installationId = record.installationId;
  return event;
}

/** Each attempt as a log line of the event's trace. */
export function attemptLogs(attempts: DeliveryAttemptEntity[]): IntegrationEventLogDto[] {
  return attempts.map((attempt) => {
    const took = attempt.durationMs === null ? '' : ` in ${attempt.durationMs} ms`;
    const answered = attempt.statusCode === null ? '' : ` answered ${attempt.statusCode}${took}`;
    const message =
      attempt.outcome === null
        ? `Attempt ${attempt.number}: POST ${attempt.url} is running.`
        : attempt.outcome === 'succeeded'
          ? `Attempt ${attempt.number}: POST ${attempt.url}${answered}.`
          : `Attempt ${attempt.number}: POST ${attempt.url}${answered || took}: ${attempt.error ?? attempt.outcome}`;
    return { message, timestamp: attempt.startedAt.toISOString(), level: attempt.outcome === 'succeeded' ? 'info' : attempt.outcome === null ? 'debug' : 'error' };
  });
}

function lastOutcome(attempts: DeliveryAttemptEntity[]): string | null {
  return attempts[attempts.length - 1]?.outcome ?? null;
}
