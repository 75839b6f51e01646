import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, referenceSchema } from '@docs/platform';
import { ChangesQueryDto } from './changes-query.dto';
import { SemanticChangesService } from './semantic-changes.service';

/** The reference's RevisionSemanticChanges: page, file, reusable content and variable changes; `more` counts those beyond `limit`. */
const SCHEMA = referenceSchema('RevisionSemanticChanges');

/**
 * Semantic changes of a change request and of a revision. Both routes live here (the revision one
 * is a content path) because they share the change requests' tree diff. Read level on the space.
 */
@ApiTags('change-requests')
@Controller('v1/spaces/:spaceId')
export class SemanticChangesController {
  constructor(private readonly changes: SemanticChangesService) {}

  @Get('change-requests/:changeRequestId/changes')
  @ApiOperation({ operationId: 'getChangeRequestChanges', summary: 'What the change request changes: from the space revision it last started from to its head.' })
  @ApiOkResponse({ schema: SCHEMA })
  @ApiErrors(400, 404)
  ofChangeRequest(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') key: string, @Query() query: ChangesQueryDto) {
    return this.changes.ofChangeRequest(spaceId, key, caller, query.limit);
  }

  @Get('revisions/:revisionId/changes')
  @ApiOperation({ operationId: 'getRevisionSemanticChanges', summary: 'What a revision changed against its first parent (merge revisions also name the change request).' })
  @ApiOkResponse({ schema: SCHEMA })
  @ApiErrors(400, 404)
  ofRevision(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('revisionId') revisionId: string, @Query() query: ChangesQueryDto) {
    return this.changes.ofRevision(spaceId, revisionId, caller, query.limit);
  }
}
