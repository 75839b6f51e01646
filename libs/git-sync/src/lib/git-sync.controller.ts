import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { GitSyncStateDto, type SpaceGitSyncState } from '@docs/content';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, type ListEnvelope } from '@docs/platform';
import type { Response } from 'express';
import { ExportToGitRepositoryDto, ImportGitRepositoryDto } from './dto/git-repository-request.dto';
import {
  GitSyncOperationDto,
  GitSyncOperationListDto,
  GitSyncOperationListQueryDto,
  GitSyncSettingsDto,
  UpdateGitSyncSettingsDto,
} from './dto/git-sync-operation.dto';
import { GitSyncService } from './git-sync.service';

/**
 * A space's Git Sync: the reference's export, import and info operations, and (documented
 * extensions) the operations' record and the sync's settings.
 */
@ApiTags('space-git')
@Controller('v1/spaces/:spaceId/git')
export class GitSyncController {
  constructor(private readonly gitSync: GitSyncService) {}

  @Post('export')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'exportToGitRepository',
    summary:
      "Export the space's current content to a Git repository: a job of the worker commits it in GitBook's layout on top of the ref's commit (only when a file changed) and pushes it. `Location` names the operation.",
  })
  @ApiNoContentResponse({ description: 'The export is recorded and queued: `Location` names the operation.' })
  @ApiErrors(400, 403, 404, 409)
  async export(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: ExportToGitRepositoryDto, @Res({ passthrough: true }) res: Response): Promise<void> {
    res.setHeader('Location', await this.gitSync.requestExport(spaceId, caller, body));
  }

  @Post('import')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'importGitRepository',
    summary:
      "Import a Git repository's ref (GitBook's layout) as a new revision of the space (not primary with `standalone`); when the space changed since the last sync, as a change request merged three ways. A job of the worker. `Location` names the operation.",
  })
  @ApiNoContentResponse({ description: 'The import is recorded and queued: `Location` names the operation.' })
  @ApiErrors(400, 403, 404, 409)
  async import(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: ImportGitRepositoryDto, @Res({ passthrough: true }) res: Response): Promise<void> {
    res.setHeader('Location', await this.gitSync.requestImport(spaceId, caller, body));
  }

  @Get('info')
  @ApiOperation({ operationId: 'getSpaceGitInfo', summary: 'The Git Sync set up on the space (repository, provider, URL, last update); 404 when none.' })
  @ApiOkResponse({ type: GitSyncStateDto })
  @ApiErrors(404)
  info(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string): Promise<SpaceGitSyncState> {
    return this.gitSync.info(spaceId, caller);
  }

  @Get('operations')
  @ApiOperation({ operationId: 'listSpaceGitSyncOperations', summary: "The space's Git Sync operations, newest first (an extension): state, stage, direction, commit, error." })
  @ApiOkResponse({ type: GitSyncOperationListDto })
  @ApiErrors(400, 404)
  operations(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: GitSyncOperationListQueryDto): Promise<ListEnvelope<GitSyncOperationDto>> {
    return this.gitSync.listOperations(spaceId, caller, query);
  }

  @Get('operations/:operationId')
  @ApiOperation({ operationId: 'getSpaceGitSyncOperation', summary: 'One Git Sync operation of the space (an extension).' })
  @ApiOkResponse({ type: GitSyncOperationDto })
  @ApiErrors(404)
  operation(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Param('operationId') operationId: string): Promise<GitSyncOperationDto> {
    return this.gitSync.operation(spaceId, operationId, caller);
  }

  @Get('settings')
  @ApiOperation({ operationId: 'getSpaceGitSyncSettings', summary: "The space's Git Sync settings (an extension): repository, ref, folder, export on merge, where the sync stands. Credentials are never shown." })
  @ApiOkResponse({ type: GitSyncSettingsDto })
  @ApiErrors(404)
  settings(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string): Promise<GitSyncSettingsDto> {
    return this.gitSync.settings(spaceId, caller);
  }

  @Patch('settings')
  @ApiOperation({ operationId: 'updateSpaceGitSyncSettings', summary: 'Change the Git Sync settings (admin level): `exportOnMerge` exports after every merge of a change request, in order.' })
  @ApiOkResponse({ type: GitSyncSettingsDto })
  @ApiErrors(400, 403, 404)
  updateSettings(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: UpdateGitSyncSettingsDto): Promise<GitSyncSettingsDto> {
    return this.gitSync.updateSettings(spaceId, caller, body);
  }

  @Delete('settings')
  @HttpCode(205)
  @ApiOperation({ operationId: 'deleteSpaceGitSyncSettings', summary: 'Remove the Git Sync of the space (admin level): its repository and credentials are forgotten; the operations stay listed.' })
  @ApiResetContentResponse({ description: 'Removed.' })
  @ApiErrors(403, 404)
  async removeSettings(@CurrentCaller() caller: Caller, @Param('spaceId') spaceId: string): Promise<void> {
    await this.gitSync.removeSettings(spaceId, caller);
  }
}
