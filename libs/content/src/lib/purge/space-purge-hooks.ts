import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A space as it was just before it was removed for good, and what went with it. */
export interface PurgedSpace {
  spaceId: string;
  organizationId: string;
  /** When it was deleted (soft), and its change requests' ids (their heads went with it). */
  deletedAt: Date;
  changeRequestIds: string[];
}

/** Called inside the purge's transaction, after every row of the space is gone: write what must commit with it (an event). */
export type SpacePurgeHook = (tx: EntityManager, purged: PurgedSpace) => Promise<void>;

/**
 * What other modules do when a space is removed for good, in the same transaction as the purge
 * (a "space purged" event in an outbox commits if and only if the space is gone). Modules register
 * a hook in `onModuleInit`, as indexers do with `ContentIndexers`.
 */
@Injectable()
export class SpacePurgeHooks {
  private readonly hooks: SpacePurgeHook[] = [];

  register(hook: SpacePurgeHook): void {
    if (!this.hooks.includes(hook)) this.hooks.push(hook);
  }

  async run(tx: EntityManager, purged: PurgedSpace): Promise<void> {
    for (const hook of this.hooks) await hook(tx, purged);
  }
}
