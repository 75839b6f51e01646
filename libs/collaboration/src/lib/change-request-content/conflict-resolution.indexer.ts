import { Injectable, OnModuleInit } from '@nestjs/common';
import { ContentDelta, ContentIndexer, ContentIndexers } from '@docs/content';
import type { EntityManager } from 'typeorm';

/**
 * Any write of a page an update left in conflict resolves that conflict: fed by the content
 * writer's delta like the search and links indexes, in the write's transaction. Writes of space
 * content touch no change request row (the statement matches none).
 */
@Injectable()
export class ConflictResolutionIndexer implements ContentIndexer, OnModuleInit {
  readonly name = 'change-request-conflicts';

  constructor(private readonly registry: ContentIndexers) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async apply(tx: EntityManager, delta: ContentDelta): Promise<void> {
    const touched = [...delta.upserted.map((page) => page.pageId), ...delta.removed];
    if (touched.length === 0 || delta.headKey === delta.spaceId) return;
    await tx.query(
      `UPDATE change_requests SET unresolved_conflicts = ARRAY(SELECT unnest(unresolved_conflicts) EXCEPT SELECT unnest($2::text[]))
        WHERE id = $1 AND unresolved_conflicts && $2::text[]`,
      [delta.headKey, touched],
    );
  }

  async copyHead(): Promise<void> {
    // Nothing is kept per head.
  }

  async dropHeads(): Promise<void> {
    // Nothing is kept per head: its data sits on the change request rows, which go with them.
  }
}
