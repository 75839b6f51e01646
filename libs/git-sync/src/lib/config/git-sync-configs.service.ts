import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SpaceGitSyncState } from '@docs/content';
import { Clock, EncryptionKeys } from '@docs/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { GitSyncConfigEntity } from './git-sync-config.entity';
import type { RepositoryUrl } from './repository-url';

const CREDENTIALS_PURPOSE = 'git-sync-credentials';

/** The repository details a request sets. */
export interface RepositorySettings {
  repository: RepositoryUrl;
  ref: string;
  projectDirectory: string;
  provider?: 'github' | 'gitlab';
  treeUrl?: string;
  commitUrl?: string;
}

/**
 * A space's Git Sync configuration: saved by each export or import request (in its transaction),
 * with the credentials sealed; the space's `git_sync` (the reference's `Space.gitSync`) is kept
 * in step in the same statement batch.
 */
@Injectable()
export class GitSyncConfigs {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly keys: EncryptionKeys,
    private readonly clock: Clock,
  ) {}

  async find(spaceId: string, tx?: EntityManager): Promise<GitSyncConfigEntity | null> {
    return (tx ?? this.dataSource.manager).findOneBy(GitSyncConfigEntity, { spaceId });
  }

  seal(credentials: { username: string; password: string }): string {
    return this.keys.encrypt(CREDENTIALS_PURPOSE, JSON.stringify(credentials));
  }

  unseal(sealed: string | null): { username: string; password: string } | undefined {
    return sealed ? (JSON.parse(this.keys.decrypt(CREDENTIALS_PURPOSE, sealed)) as { username: string; password: string }) : undefined;
  }

  /**
   * Whether a request changes the repository of record (another URL, ref or folder, or other
   * credentials): only admins of the space may (editors run syncs with what is set).
   */
  changesRepository(config: GitSyncConfigEntity | null, settings: RepositorySettings): boolean {
    if (!config) return true;
    if (config.url !== settings.repository.url || config.ref !== settings.ref || config.projectDirectory !== settings.projectDirectory) return true;
    const given = settings.repository.credentials;
    if (!given) return false;
    const stored = this.unseal(config.credentials);
    return !stored || stored.username !== given.username || stored.password !== given.password;
  }

  /**
   * Saves what a request sets, in its transaction. Credentials: those of the URL when it has some;
   * else the stored ones, as long as the repository is the same. Answers the configuration and
   * the sealed credentials the operation runs with.
   */
  async save(tx: EntityManager, space: { id: string; organizationId: string }, settings: RepositorySettings, actor: string): Promise<{ config: GitSyncConfigEntity; credentials: string | null }> {
    const current = await tx.findOne(GitSyncConfigEntity, { where: { spaceId: space.id }, lock: { mode: 'pessimistic_write' } });
    const now = this.clock.now();
    const sameRepository = current?.url === settings.repository.url;
    const credentials = settings.repository.credentials ? this.seal(settings.repository.credentials) : sameRepository ? (current?.credentials ?? null) : null;
    const details = {
      url: settings.repository.url,
      ref: settings.ref,
      projectDirectory: settings.projectDirectory,
      credentials,
      provider: settings.provider ?? settings.repository.provider ?? (sameRepository ? (current?.provider ?? null) : null),
      treeUrl: settings.treeUrl ?? (sameRepository ? (current?.treeUrl ?? null) : null),
      commitUrl: settings.commitUrl ?? (sameRepository ? (current?.commitUrl ?? null) : null),
    };
    const visibleChange =
      !current || current.url !== details.url || current.ref !== details.ref || current.projectDirectory !== details.projectDirectory || current.provider !== details.provider || current.treeUrl !== details.treeUrl;
    const repositoryMoved = !!current && (current.url !== details.url || current.ref !== details.ref || current.projectDirectory !== details.projectDirectory);
    const config = tx.create(GitSyncConfigEntity, {
      spaceId: space.id,
      organizationId: space.organizationId,
      exportOnMerge: current?.exportOnMerge ?? false,
      // Another repository, branch or folder: nothing is known of it yet.
      lastCommit: repositoryMoved ? null : (current?.lastCommit ?? null),
      lastRevisionId: repositoryMoved ? null : (current?.lastRevisionId ?? null),
      lastSyncedAt: repositoryMoved ? null : (current?.lastSyncedAt ?? null),
      createdBy: current?.createdBy ?? actor,
      createdAt: current?.createdAt ?? now,
      updatedAt: visibleChange ? now : (current?.updatedAt ?? now),
      ...details,
    });
    await tx.save(GitSyncConfigEntity, config);
    if (repositoryMoved) await tx.query(`DELETE FROM space_export_files WHERE space_id = $1`, [space.id]);
    await this.publish(tx, config);
    return { config, credentials };
  }

  /** Where the sync stands after an operation that brought the space and the repository in step. */
  async recordSync(tx: EntityManager, spaceId: string, state: { commit: string; revisionId: string }): Promise<void> {
    await tx.update(GitSyncConfigEntity, { spaceId }, { lastCommit: state.commit, lastRevisionId: state.revisionId, lastSyncedAt: this.clock.now() });
  }

  async setExportOnMerge(tx: EntityManager, spaceId: string, exportOnMerge: boolean): Promise<void> {
    await tx.update(GitSyncConfigEntity, { spaceId }, { exportOnMerge });
  }

  /** Forgets the repository (and its credentials); the operations' history stays. */
  async remove(tx: EntityManager, spaceId: string): Promise<void> {
    await tx.delete(GitSyncConfigEntity, { spaceId });
    await tx.query(`DELETE FROM space_export_files WHERE space_id = $1`, [spaceId]);
    await tx.query(`UPDATE spaces SET git_sync = NULL WHERE id = $1`, [spaceId]);
  }

  /** The reference's GitSyncState of a configuration. */
  stateOf(config: GitSyncConfigEntity): SpaceGitSyncState {
    return {
      repoName: config.url.replace(/^https?:\/\/[^/]+\//, '').replace(/\.git$/, ''),
      ...(config.provider ? { installationProvider: config.provider } : {}),
      integration: 'git-sync',
      url: config.treeUrl ?? config.url,
      updatedAt: config.updatedAt.toISOString(),
    };
  }

  private async publish(tx: EntityManager, config: GitSyncConfigEntity): Promise<void> {
    await tx.query(`UPDATE spaces SET git_sync = $2 WHERE id = $1`, [config.spaceId, JSON.stringify(this.stateOf(config))]);
  }
}
