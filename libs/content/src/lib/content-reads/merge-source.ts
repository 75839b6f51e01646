import type { RevisionEntity } from '../revisions/revision.entity';

/**
 * The reference's merge revisions carry `mergedFrom`, the change request they came from; change
 * requests belong to collaboration, which depends on content. Content declares this seam and
 * injects it optionally; collaboration provides it (globally, as content does for `SpaceReach`).
 */
export abstract class MergeSource {
  /** The change request whose merge made `revision`, as the reference's ChangeRequest; undefined when unknown. */
  abstract mergedFrom(revision: RevisionEntity): Promise<Record<string, unknown> | undefined>;
}
