import { Body, Controller, Headers, Param, Patch, Put, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import type { Response } from 'express';
import { IF_MATCH_HEADER, parseIfMatch, withRevisionEtag } from '../content-writes/if-match';
import { PageWritesService } from '../content-writes/page-writes.service';
import { VARIABLES_SCHEMA } from '../reusable-contents/reusable-content-schemas';
import { VariablesBodyDto } from './dto/variables-body.dto';
import { VariablesWrites } from './variables.service';

/** The space revision's `variables`: documented extensions (edit level, one revision each, `ETag` / `If-Match`). */
@ApiTags('content-writes')
@Controller('v1/spaces/:spaceId/content/variables')
export class VariablesController {
  constructor(
    private readonly pages: PageWritesService,
    private readonly variables: VariablesWrites,
  ) {}

  @Put()
  @ApiOperation({ operationId: 'replaceVariables', summary: "Replace the revision's variables with the given map (edit level)." })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiOkResponse({ schema: VARIABLES_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async put(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Body() body: VariablesBodyDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision, variables } = await this.variables.put(head, body.variables, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    return withRevisionEtag(res, revision.id, variables);
  }

  @Patch()
  @ApiOperation({ operationId: 'updateVariables', summary: 'Set the given variables, keeping the others (edit level).' })
  @ApiHeader(IF_MATCH_HEADER)
  @ApiOkResponse({ schema: VARIABLES_SCHEMA })
  @ApiErrors(400, 403, 404, 409, 412)
  async patch(
    @CurrentCaller() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Body() body: VariablesBodyDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const head = await this.pages.spaceHead(spaceId, caller);
    const { revision, variables } = await this.variables.patch(head, body.variables, { actor: caller.userId, ifMatch: parseIfMatch(ifMatch) });
    return withRevisionEtag(res, revision.id, variables);
  }
}
