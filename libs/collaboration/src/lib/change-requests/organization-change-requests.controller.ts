import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { CHANGE_REQUEST_LIST_SCHEMA } from './change-request-schemas';
import { ListChangeRequestsQueryDto } from './dto/list-change-requests-query.dto';
import { OrganizationChangeRequests } from './organization-change-requests';

@ApiTags('change-requests')
@Controller('v1/orgs/:organizationId/change-requests')
export class OrganizationChangeRequestsController {
  constructor(private readonly changeRequests: OrganizationChangeRequests) {}

  @Get()
  @ApiOperation({
    operationId: 'listChangeRequestsForOrganization',
    summary: 'Change requests of every space the caller can read, with one status (default open), newest first; `creator` and `contributor` filter as in a space.',
  })
  @ApiOkResponse({ description: "A list of the reference's ChangeRequest, plus `permissions` and `conflicts`.", schema: CHANGE_REQUEST_LIST_SCHEMA })
  @ApiErrors(400, 404)
  list(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListChangeRequestsQueryDto) {
    return this.changeRequests.list(organizationId, caller, query);
  }
}
