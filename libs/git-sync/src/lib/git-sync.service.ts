import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { assertSpaceEditable, ContentAccess, levelAtLeast, type SpaceAccess, type SpaceGitSyncState } from '@docs/content';
import type { Caller } from '@docs/identity';
import { JobQueue, type ListEnvelope, PublicUrls, toListEnvelope } from '@docs/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { GitSyncConfigEntity } from './config/git-sync-config.entity';
import { GitSyncConfigs, type RepositorySettings } from './config/git-sync-configs.service';
import { assertRefName, normalizeProjectDirectory, parseRepositoryUrl } from './config/repository-url';
import type { ExportToGitRepositoryDto, GitRepositoryRequestDto, ImportGitRepositoryDto } from './dto/git-repository-request.dto';
import type { GitSyncOperationDto, GitSyncOperationListQueryDto, GitSyncSettingsDto, UpdateGitSyncSettingsDto } from './dto/git-sync-operation.dto';
import type { GitSyncOperationEntity } from './operations/git-sync-operation.entity';
import { GitSyncOperationPresenter } from './operations/git-sync-operation.presenter';
import { GitSyncOperations } from './operations/git-sync-operations.service';
import { RunGitSyncJob } from './operations/run-git-sync.job';

/**
 * The Git Sync use cases of the API: ask for an export or an import (recorded and queued in one
 * transaction with the configuration it sets; the worker runs it), read the space's Git info, its
 * operations and its settings. Levels: reading needs `read`; running a sync needs `edit` (the
 * reference's `triggerGitSync`) on a space that is not locked; setting or changing the repository
 * (URL, ref, folder, credentials) and the settings need `admin`.
 */
@Injectable()
export class GitSyncService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: ContentAccess,
    private readonly configs: GitSyncConfigs,
    private readonly operations: GitSyncOperations,
    private readonly presenter: GitSyncOperationPresenter,
    private readonly jobs: JobQueue,
    private readonly urls: PublicUrls,
  ) {}

  /** `POST .../git/export`: answers the operation's URL (the 204's `Location`). */
  async requestExport(spaceId: string, caller: Caller, input: ExportToGitRepositoryDto): Promise<string> {
    const settings = this.settingsOf(input, false);
    return this.request(spaceId, caller, settings, input, (tx, space, credentials) =>
      this.operations.request(tx, {
        organizationId: space.organizationId,
        spaceId: space.id,
        direction: 'export',
        url: settings.repository.url,
        ref: settings.ref,
        projectDirectory: settings.projectDirectory,
        credentials,
        commitMessage: input.commitMessage,
        force: input.force ?? false,
        requestedAt: input.timestamp ? new Date(input.timestamp) : undefined,
        revisionId: space.revisionId,
        createdBy: caller.userId,
      }),
    );
  }

  /** `POST .../git/import`. */
  async requestImport(spaceId: string, caller: Caller, input: ImportGitRepositoryDto): Promise<string> {
    const settings = this.settingsOf(input, true);
    return this.request(spaceId, caller, settings, input, (tx, space, credentials) =>
      this.operations.request(tx, {
        organizationId: space.organizationId,
        spaceId: space.id,
        direction: 'import',
        url: settings.repository.url,
        ref: settings.ref,
        projectDirectory: settings.projectDirectory,
        credentials,
        standalone: input.standalone ?? false,
        force: input.force ?? false,
        requestedAt: input.timestamp ? new Date(input.timestamp) : undefined,
        createdBy: caller.userId,
      }),
    );
  }

  /** `GET .../git/info`: the reference's GitSyncState; 404 when the space has no Git Sync. */
  async info(spaceId: string, caller: Caller): Promise<SpaceGitSyncState> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'read its Git Sync');
    const config = await this.configs.find(space.id);
    if (!config) throw new NotFoundException(`Space ${space.id} has no Git Sync set up.`);
    return this.configs.stateOf(config);
  }

  async operation(spaceId: string, operationId: string, caller: Caller): Promise<GitSyncOperationDto> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'read its Git Sync operations');
    const [operation, config] = await Promise.all([this.operations.get(space.id, operationId), this.configs.find(space.id)]);
    return this.presenter.present(operation, config?.commitUrl ?? null);
  }

  async listOperations(spaceId: string, caller: Caller, query: GitSyncOperationListQueryDto): Promise<ListEnvelope<GitSyncOperationDto>> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'read its Git Sync operations');
    const [page, config] = await Promise.all([this.operations.list(space.id, query), this.configs.find(space.id)]);
    return toListEnvelope(page, (operation: GitSyncOperationEntity) => this.presenter.present(operation, config?.commitUrl ?? null));
  }

  async settings(spaceId: string, caller: Caller): Promise<GitSyncSettingsDto> {
    const { space } = await this.access.requireSpace(spaceId, caller, 'read', 'read its Git Sync settings');
    return this.presentSettings(await this.requireConfig(space.id));
  }

  /** `PATCH .../git/settings` (admin level). */
  async updateSettings(spaceId: string, caller: Caller, input: UpdateGitSyncSettingsDto): Promise<GitSyncSettingsDto> {
    const access = await this.access.requireSpace(spaceId, caller, 'read', 'change its Git Sync settings');
    this.requireLevel(access, 'admin', 'change its Git Sync settings');
    const config = await this.dataSource.transaction(async (tx) => {
      const current = await this.requireConfig(access.space.id, tx);
      if (input.exportOnMerge !== undefined && input.exportOnMerge !== current.exportOnMerge) {
        await this.configs.setExportOnMerge(tx, access.space.id, input.exportOnMerge);
        current.exportOnMerge = input.exportOnMerge;
      }
      return current;
    });
    return this.presentSettings(config);
  }

  /** `DELETE .../git/settings` (admin level): the space forgets its repository and credentials. */
  async removeSettings(spaceId: string, caller: Caller): Promise<void> {
    const access = await this.access.requireSpace(spaceId, caller, 'read', 'remove its Git Sync');
    this.requireLevel(access, 'admin', 'remove its Git Sync');
    await this.dataSource.transaction(async (tx) => {
      await this.requireConfig(access.space.id, tx);
      await this.configs.remove(tx, access.space.id);
    });
  }

  private async request(
    spaceId: string,
    caller: Caller,
    settings: RepositorySettings,
    input: GitRepositoryRequestDto,
    record: (tx: EntityManager, space: { id: string; organizationId: string; revisionId: string }, credentials: string | null) => Promise<GitSyncOperationEntity>,
  ): Promise<string> {
    const access = await this.access.requireSpace(spaceId, caller, 'read', 'run its Git Sync');
    this.requireLevel(access, 'edit', 'run its Git Sync');
    const operation = await this.dataSource.transaction(async (tx) => {
      const [space]: { id: string; organization_id: string; revision_id: string; edit_mode: 'live' | 'locked' }[] = await tx.query(
        `SELECT id, organization_id, revision_id, edit_mode FROM spaces WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [access.space.id],
      );
      if (!space) throw new NotFoundException(`No space has the id ${spaceId}.`);
      assertSpaceEditable({ id: space.id, editMode: space.edit_mode });
      const current = await this.configs.find(space.id, tx);
      if (this.configs.changesRepository(current, settings)) {
        this.requireLevel(access, 'admin', 'set or change the repository it syncs with (URL, ref, folder or credentials)');
      }
      const { credentials } = await this.configs.save(tx, { id: space.id, organizationId: space.organization_id }, settings, caller.userId);
      const created = await record(tx, { id: space.id, organizationId: space.organization_id, revisionId: space.revision_id }, credentials);
      await this.jobs.enqueue(RunGitSyncJob, { spaceId: space.id }, { transaction: tx });
      return created;
    });
    return this.urls.api('v1', 'spaces', operation.spaceId, 'git', 'operations', operation.id);
  }

  /** A request's repository details, checked (400 naming the field). */
  private settingsOf(input: GitRepositoryRequestDto, allowTags: boolean): RepositorySettings {
    const repository = parseRepositoryUrl(input.url);
    assertRefName(input.ref, 'ref', allowTags);
    return {
      repository,
      ref: input.ref,
      projectDirectory: normalizeProjectDirectory(input.repoProjectDirectory),
      ...(input.gitInfo?.provider ? { provider: input.gitInfo.provider } : {}),
      ...(input.gitInfo?.url || input.repoTreeURL ? { treeUrl: input.gitInfo?.url ?? input.repoTreeURL } : {}),
      ...(input.repoCommitURL ? { commitUrl: input.repoCommitURL } : {}),
    };
  }

  private requireLevel(access: SpaceAccess, level: 'edit' | 'admin', action: string): void {
    if (!levelAtLeast(access.level, level)) throw new ForbiddenException(`To ${action} of space ${access.space.id} you need the ${level} level; you have ${access.level}.`);
  }

  private async requireConfig(spaceId: string, tx?: EntityManager): Promise<GitSyncConfigEntity> {
    const config = await this.configs.find(spaceId, tx);
    if (!config) throw new NotFoundException(`Space ${spaceId} has no Git Sync set up.`);
    return config;
  }

  private presentSettings(config: GitSyncConfigEntity): GitSyncSettingsDto {
    return {
      url: config.url,
      ref: config.ref,
      repoProjectDirectory: config.projectDirectory,
      hasCredentials: config.credentials !== null,
      exportOnMerge: config.exportOnMerge,
      ...(config.lastCommit ? { lastCommit: config.lastCommit } : {}),
      ...(config.lastRevisionId ? { lastRevision: config.lastRevisionId } : {}),
      ...(config.lastSyncedAt ? { lastSyncedAt: config.lastSyncedAt.toISOString() } : {}),
      gitSync: this.configs.stateOf(config),
    };
  }
}

