import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, ListEnvelope, ListQueryDto, toListEnvelope } from '@docs/platform';
import { IntegrationEventLog } from '@docs/webhooks';
import { IntegrationsService } from '../integrations/integrations.service';
import { IntegrationEventDto, IntegrationEventListDto, IntegrationEventWithTraceDto } from './integration-event.dto';
import { attemptLogs, presentIntegrationEvent } from './integration-event.presenter';

/** What an integration's installations were sent: for the admins of the organization that publishes it. */
@ApiTags('integrations')
@Controller('v1/integrations/:integrationName/events')
export class IntegrationEventsController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly log: IntegrationEventLog,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listIntegrationEvents', summary: "The events the integration's installations were sent, newest first (admins of its organization)." })
  @ApiOkResponse({ type: IntegrationEventListDto })
  @ApiErrors(400, 403, 404)
  async list(@CurrentCaller() caller: Caller, @Param('integrationName') name: string, @Query() query: ListQueryDto): Promise<ListEnvelope<IntegrationEventDto>> {
    await this.integrations.requireOwnerAdmin(name, caller, 'read its events');
    return toListEnvelope(await this.log.list(name, query), presentIntegrationEvent);
  }

  @Get(':eventId')
  @ApiOperation({ operationId: 'getIntegrationEvent', summary: 'One event an installation was sent, with a log line per delivery attempt.' })
  @ApiOkResponse({ type: IntegrationEventWithTraceDto })
  @ApiErrors(400, 403, 404)
  async get(@CurrentCaller() caller: Caller, @Param('integrationName') name: string, @Param('eventId') eventId: string): Promise<IntegrationEventWithTraceDto> {
    await this.integrations.requireOwnerAdmin(name, caller, 'read its events');
    const record = await this.log.get(name, eventId);
    if (!record) throw new NotFoundException(`Integration ${name} has no event with the id ${eventId}.`);
    return { event: presentIntegrationEvent(record), trace: { logs: attemptLogs(record.attempts) } };
  }
}
