import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { ContentAccess } from '../access/content-access';
import { SearchQueryDto } from './dto/search-query.dto';
import { OrganizationSearch } from './organization-search.service';
import { SEARCH_SPACE_RESULTS_SCHEMA } from './search-schemas';

@ApiTags('organizations')
@Controller('v1/orgs/:organizationId')
export class OrganizationSearchController {
  constructor(
    private readonly access: ContentAccess,
    private readonly searches: OrganizationSearch,
  ) {}

  @Get('search')
  @ApiOperation({
    operationId: 'searchOrganizationContent',
    summary: 'Full-text search of every space the caller can read, ranked as the space search; one result per space (best first) with its best pages.',
  })
  @ApiOkResponse({ description: "A list of the reference's SearchSpaceResult.", schema: SEARCH_SPACE_RESULTS_SCHEMA })
  @ApiErrors(400, 404)
  async search(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: SearchQueryDto) {
    const scope = await this.access.requireOrganization(organizationId, caller);
    return this.searches.search(scope, query);
  }
}
