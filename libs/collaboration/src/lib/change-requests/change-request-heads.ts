import { Injectable, Module, NotFoundException } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { ContentAccess, ContentCoreModule } from '@docs/content';
import type { Caller } from '@docs/identity';
import { DataSource } from 'typeorm';
import { ChangeRequestEntity } from './change-request.entity';

/** A change request's head, by id: what a site preview shows in place of its space's content. */
export interface ChangeRequestHead {
  id: string;
  spaceId: string;
  revisionId: string;
}

/**
 * Change requests by id alone (their ids are unique across spaces), for site previews: the api
 * checks that the caller reads the change request's space, the site server reads its head on
 * every preview request (so a preview shows the latest edit). The apps bind sites'
 * `PreviewChangeRequests` seam to this service.
 */
@Injectable()
export class ChangeRequestHeads {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: ContentAccess,
  ) {}

  async head(changeRequestId: string): Promise<ChangeRequestHead | undefined> {
    const changeRequest = await this.dataSource.manager.findOne(ChangeRequestEntity, { where: { id: changeRequestId }, select: { id: true, spaceId: true, revisionId: true } });
    return changeRequest ? { id: changeRequest.id, spaceId: changeRequest.spaceId, revisionId: changeRequest.revisionId } : undefined;
  }

  /** The head if `caller` has the read level on the change request's space (a live space), else undefined. */
  async readable(changeRequestId: string, caller: Caller): Promise<ChangeRequestHead | undefined> {
    const head = await this.head(changeRequestId);
    if (!head) return undefined;
    try {
      await this.access.requireSpace(head.spaceId, caller, 'read', 'read its change requests');
    } catch (error) {
      if (error instanceof NotFoundException) return undefined;
      throw error;
    }
    return head;
  }
}

/** `ChangeRequestHeads` alone (what the site server needs of change requests): content's access and the change request table. */
@Module({
  imports: [ContentCoreModule, TypeOrmModule.forFeature([ChangeRequestEntity])],
  providers: [ChangeRequestHeads],
  exports: [ChangeRequestHeads],
})
export class ChangeRequestHeadsModule {}
