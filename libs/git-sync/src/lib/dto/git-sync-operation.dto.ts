import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { ListEnvelopeDto, ListQueryDto } from '@docs/platform';
import { GitSyncStateDto, WhenPresent } from '@docs/content';
import { GIT_SYNC_FAILURES, type GitSyncFailureCode } from '../operations/git-sync-failure';
import { GIT_SYNC_DIRECTIONS, GIT_SYNC_STAGES, type GitSyncDirection, type GitSyncStage } from '../operations/git-sync-operation.entity';

/** The reference's `GitSyncCommit`. */
export class GitSyncCommitDto {
  @ApiProperty({ description: 'SHA of the commit' }) oid: string;
  @ApiProperty({ description: 'Message of the commit' }) message: string;
  @ApiProperty({ description: 'The commit was made by this export' }) createdByGitBook: boolean;
  @ApiPropertyOptional({ description: 'URL of the commit (with `repoCommitURL`)' }) url?: string;
  @ApiPropertyOptional({ description: 'The ref of the commit' }) ref?: string;
}

/** The reference's `GitSyncOperation`, with what this installation records besides (documented extensions). */
export class GitSyncOperationDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['running', 'failure', 'success'], description: '`running` also while it waits for the operations asked for before it (`queued`).' })
  state: 'running' | 'failure' | 'success';
  @ApiProperty({ enum: GIT_SYNC_DIRECTIONS }) direction: GitSyncDirection;
  @ApiProperty({ enum: GIT_SYNC_STAGES }) stage: GitSyncStage;
  @ApiProperty({ description: 'Files to process.' }) dispatchedTasks: number;
  @ApiProperty({ description: 'Files processed.' }) completedTasks: number;
  @ApiProperty({ format: 'date-time' }) startedAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'When it succeeded.' }) completedAt?: string;
  @ApiPropertyOptional({ description: 'Why it failed (state `failure`).' }) error?: string;
  @ApiPropertyOptional({ enum: GIT_SYNC_FAILURES, description: 'Extension: the kind of failure.' }) errorCode?: GitSyncFailureCode;
  @ApiProperty({ description: 'Extension: waiting for the operations asked for before it.' }) queued: boolean;
  @ApiProperty({ description: 'Extension: the repository (without credentials).' }) url: string;
  @ApiProperty({ description: 'Extension: the ref.' }) ref: string;
  @ApiProperty({ description: "Extension: the repository's folder holding the space ('' for its root)." }) repoProjectDirectory: string;
  @ApiPropertyOptional({ type: GitSyncCommitDto, description: 'Extension: the commit exported to (or left as it was) or imported.' }) commit?: GitSyncCommitDto;
  @ApiPropertyOptional({ description: 'Extension: exports, the revision exported; imports, the revision made.' }) revision?: string;
  @ApiPropertyOptional({ description: 'Extension: an import into a space that changed since the last sync opened this change request.' }) changeRequest?: string;
  @ApiProperty({ description: "Extension: an import that does not become the space's primary content." }) standalone: boolean;
  @ApiPropertyOptional({ description: 'Extension: who asked for it.' }) createdBy?: string;
}

export class GitSyncOperationListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [GitSyncOperationDto] }) items: GitSyncOperationDto[];
}

/** Query of the operations list. */
export class GitSyncOperationListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: GIT_SYNC_DIRECTIONS, description: 'Only exports or only imports.' })
  @IsOptional()
  @IsIn(GIT_SYNC_DIRECTIONS)
  direction?: GitSyncDirection;
}

/** A space's Git Sync settings (an extension). */
export class GitSyncSettingsDto {
  @ApiProperty({ description: 'The repository (without credentials).' }) url: string;
  @ApiProperty() ref: string;
  @ApiProperty() repoProjectDirectory: string;
  @ApiProperty({ description: 'Credentials are stored (sealed; never shown).' }) hasCredentials: boolean;
  @ApiProperty({ description: 'Export to the repository after every merge of a change request.' }) exportOnMerge: boolean;
  @ApiPropertyOptional({ description: 'The commit last synced.' }) lastCommit?: string;
  @ApiPropertyOptional({ description: 'The space revision holding the same content as that commit.' }) lastRevision?: string;
  @ApiPropertyOptional({ format: 'date-time' }) lastSyncedAt?: string;
  @ApiProperty({ type: GitSyncStateDto, description: "The space's `gitSync`." }) gitSync: GitSyncStateDto;
}

/** `PATCH .../git/settings`. */
export class UpdateGitSyncSettingsDto {
  @ApiPropertyOptional({ description: 'Export to the repository after every merge of a change request into the primary content (one export per merge, in order).' })
  @WhenPresent()
  @IsBoolean()
  exportOnMerge?: boolean;
}
