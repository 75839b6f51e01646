import { Injectable, OnModuleInit } from '@nestjs/common';
import { PurgedSpace, SpacePurgeHooks } from '@docs/content';
import type { EntityManager } from 'typeorm';

/**
 * A space removed for good leaves the spaces of integrations' subscriptions, in the purge's
 * transaction, as its installation's row leaves by its foreign key (an empty list: turned on for
 * no space, as libs/integrations would compute it). A webhook's filter is its admin's words and
 * stays as written: the id matches nothing any more, and taking the last one out would read as
 * "no filter", every space, on the webhook's next update.
 */
@Injectable()
export class PurgedSpaceFilters implements OnModuleInit {
  constructor(private readonly hooks: SpacePurgeHooks) {}

  onModuleInit(): void {
    this.hooks.register(this.forget);
  }

  private readonly forget = async (tx: EntityManager, purged: PurgedSpace): Promise<void> => {
    await tx.query(
      `UPDATE event_subscriptions SET space_ids = array_remove(space_ids, $2)
        WHERE organization_id = $1 AND kind = 'integration' AND space_ids @> ARRAY[$2]::text[]`,
      [purged.organizationId, purged.spaceId],
    );
  };
}
