import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MergeSource, RevisionEntity } from '@docs/content';
import { UserEntity } from '@docs/identity';
import type { DataSource } from 'typeorm';
import { ChangeRequestEntity } from './change-request.entity';
import { ChangeRequestPresenter } from './change-request.presenter';

/** `mergedFrom` of a merge revision: the change request whose merge made it (indexed by `revision_merged_id`). */
@Injectable()
export class ChangeRequestMergeSource extends MergeSource {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly presenter: ChangeRequestPresenter,
  ) {
    super();
  }

  async mergedFrom(revision: RevisionEntity): Promise<Record<string, unknown> | undefined> {
    const changeRequest = await this.dataSource.manager.findOneBy(ChangeRequestEntity, { spaceId: revision.spaceId, revisionMergedId: revision.id });
    if (!changeRequest) return undefined;
    const creator = changeRequest.createdBy ? await this.dataSource.manager.findOneBy(UserEntity, { id: changeRequest.createdBy }) : null;
    // Merged: never outdated, whatever the space's revision; no caller-specific permissions here.
    return this.presenter.present(changeRequest, { spaceRevisionId: changeRequest.baseRevisionId, level: null, callerId: '', creator: creator ?? undefined }, { permissions: false });
  }
}
