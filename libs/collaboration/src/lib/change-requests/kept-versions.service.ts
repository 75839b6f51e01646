import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Caller } from '@docs/identity';
import { Clock } from '@docs/platform';
import { DataSource } from 'typeorm';
import { ChangeRequestEntity } from './change-request.entity';
import { ChangeRequestsService } from './change-requests.service';

/**
 * "Keep the change request's version" of a page an update left in conflict. The update already
 * moved the change request's base to the space's revision and kept the change request's title,
 * place or page there, so the next merge takes that version: choosing it only has to take the page
 * off `conflicts`. (A page write would do the same, but writing the page as it already is makes no
 * revision, so it cannot say "mine as it is".) Body conflicts hold both versions marked in the text:
 * they are resolved by writing the text chosen.
 */
@Injectable()
export class KeptVersions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changeRequests: ChangeRequestsService,
    private readonly clock: Clock,
  ) {}

  async keep(spaceId: string, key: string, caller: Caller, pageId: string): Promise<Record<string, unknown>> {
    const { space, changeRequest } = await this.changeRequests.require(spaceId, key, caller, 'edit', 'resolve conflicts in its change requests');
    const kept = await this.dataSource.transaction(async (tx) => {
      // The order of the change request's content writes: the space row, then the change request's.
      await tx.query(`SELECT 1 FROM spaces WHERE id = $1 FOR KEY SHARE`, [space.space.id]);
      const current = await this.changeRequests.find(tx, space.space.id, changeRequest.id, true);
      if (!current) throw new NotFoundException(`Space ${spaceId} has no change request ${key}.`);
      if (current.status === 'merged' || current.status === 'archived') {
        throw new ConflictException(`Change request ${current.id} is ${current.status}: reopen it to resolve its conflicts.`);
      }
      if (!current.unresolvedConflicts.includes(pageId)) throw new NotFoundException(`Change request ${current.id} has no conflict on page ${pageId}.`);
      const unresolvedConflicts = current.unresolvedConflicts.filter((id) => id !== pageId);
      const updatedAt = this.clock.now();
      await tx.update(ChangeRequestEntity, { id: current.id }, { unresolvedConflicts, updatedAt });
      return Object.assign(current, { unresolvedConflicts, updatedAt });
    });
    return this.changeRequests.presentOne(space, kept, caller.userId);
  }
}
