import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { ContentAccess } from '../access/content-access';
import { SearchQueryDto } from './dto/search-query.dto';
import { SEARCH_RESULTS_SCHEMA } from './search-schemas';
import { SpaceSearch } from './space-search.service';

@ApiTags('content')
@Controller('v1/spaces/:spaceId')
export class SearchController {
  constructor(
    private readonly access: ContentAccess,
    private readonly searches: SpaceSearch,
  ) {}

  @Get('search')
  @ApiOperation({
    operationId: 'searchSpaceContent',
    summary: "Full-text search of the space's current pages: every word required, the last as a prefix; ranked title over headings over body.",
  })
  @ApiOkResponse({ description: "A list of the reference's SearchPageResult.", schema: SEARCH_RESULTS_SCHEMA })
  @ApiErrors(400, 404)
  async search(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: SearchQueryDto) {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'search its content');
    return this.searches.search(space, query);
  }
}
