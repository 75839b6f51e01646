import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A change request merged into its space's primary content, as the merge's transaction sees it. */
export interface PrimaryContentMerged {
  spaceId: string;
  organizationId: string;
  /** The merge revision, now the space's. */
  revisionId: string;
  changeRequest: { id: string; number: number; subject: string };
  mergedBy: string;
}

/** Work that must happen with every merge into a space's primary content, in the merge's transaction (schedule a job with it). */
export interface MergeListener {
  readonly name: string;
  merged(tx: EntityManager, merge: PrimaryContentMerged): Promise<void>;
}

/**
 * The listeners every merge calls once its revision is written, inside its transaction: a
 * listener that fails rolls the merge back. Later domains (Git Sync's export on merge) register in
 * their module's `onModuleInit`, as content's indexers do with `ContentIndexers`.
 */
@Injectable()
export class MergeListeners {
  private readonly listeners: MergeListener[] = [];

  register(listener: MergeListener): void {
    if (!this.listeners.includes(listener)) this.listeners.push(listener);
  }

  all(): readonly MergeListener[] {
    return this.listeners;
  }
}
