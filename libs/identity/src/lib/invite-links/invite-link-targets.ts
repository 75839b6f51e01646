import type { EntityManager } from 'typeorm';
import type { Caller } from '../auth/caller';
import type { MemberRole } from '../members/member-role';

/** What an invite link to part of an organization is to: one space or one collection. */
export interface InviteLinkTarget {
  kind: 'space' | 'collection';
  id: string;
}

/** A link's target as one person sees it: the reference's `Space` or `Collection`, and their level there (null: none). */
export interface PresentedTarget {
  object: object;
  level: MemberRole | null;
}

/**
 * Spaces and collections for invite links. Links belong to identity, but spaces, collections and
 * grants belong to content, which depends on identity and not the reverse: content provides this
 * service (the seam of `SpaceReach`). Without a content module there is no space or collection,
 * and a link to one is a 404.
 */
export abstract class InviteLinkTargets {
  /**
   * Refuses unless the caller may make or change a link giving `level` on the target: 404 when
   * it is not a live space or collection of the organization that they can see (unless `known`:
   * the caller was shown the link, so an unseen target is a 403), 403 unless they administer it
   * and hold at least `level` there.
   */
  abstract requireAdministrable(organizationId: string, target: InviteLinkTarget, caller: Caller, level: MemberRole, known: boolean): Promise<void>;

  /** Each target of the organization as `userId` sees it (keyed by `targetKey`); a target that is gone has no entry. One statement. */
  abstract present(organizationId: string, targets: InviteLinkTarget[], userId: string): Promise<Map<string, PresentedTarget>>;

  /**
   * In the transaction of a join: grants `level` on the target to `userId`, a member of the
   * organization by then, through content's grants (a higher grant they have stays). 404 when
   * the target is no longer a live space or collection of the organization.
   */
  abstract grant(tx: EntityManager, organizationId: string, target: InviteLinkTarget, userId: string, level: MemberRole): Promise<void>;
}

/** The key of a target in `present`'s answer. */
export function targetKey(target: InviteLinkTarget): string {
  return `${target.kind}:${target.id}`;
}
