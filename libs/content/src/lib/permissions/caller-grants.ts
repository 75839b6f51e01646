import type { MemberRole } from '@docs/identity';
import { ContentLevel, maxLevel } from './content-permissions';

/** One grant that reaches a caller (their own or one of their teams'): on a space or on a collection. */
export interface GrantRow {
  spaceId: string | null;
  collectionId: string | null;
  role: MemberRole;
}

/**
 * The grants that reach one caller in one organization, resolved down the collection tree: a
 * grant on a collection reaches every collection and space below it, whatever their default
 * levels. `grantOn` is the grant part of `grantedLevel`, the same rule the SQL of
 * content-access.ts applies for one object.
 */
export class CallerGrants {
  private constructor(
    /** The highest role granted on each space, directly. */
    readonly spaces: ReadonlyMap<string, MemberRole>,
    /** The highest role granted on each collection, directly or on one above it. */
    readonly collections: ReadonlyMap<string, MemberRole>,
  ) {}

  static readonly NONE = new CallerGrants(new Map(), new Map());

  /** `rows` resolved against the organization's tree (`parents`: collection id -> parent id). */
  static of(rows: readonly GrantRow[], parents: ReadonlyMap<string, string | null>): CallerGrants {
    if (rows.length === 0) return CallerGrants.NONE;
    const spaces = new Map<string, MemberRole>();
    const direct = new Map<string, MemberRole>();
    for (const row of rows) {
      const target = row.spaceId !== null ? spaces : direct;
      const id = (row.spaceId ?? row.collectionId) as string;
      target.set(id, maxLevel(target.get(id) ?? null, row.role) as MemberRole);
    }
    const collections = new Map<string, MemberRole>();
    if (direct.size > 0) {
      for (const id of parents.keys()) {
        let level: ContentLevel = null;
        // Up the tree (bounded: moves refuse cycles, a corrupt tree stops at 1,000 steps).
        for (let at: string | null | undefined = id, steps = 0; at && steps < 1000; at = parents.get(at), steps++) {
          level = maxLevel(level, direct.get(at) ?? null);
        }
        if (level !== null) collections.set(id, level);
      }
    }
    return new CallerGrants(spaces, collections);
  }

  get empty(): boolean {
    return this.spaces.size === 0 && this.collections.size === 0;
  }

  /** The highest role granted on a space: on itself or on a collection above it. */
  onSpace(space: { id: string; parentId: string | null }): ContentLevel {
    return maxLevel(this.spaces.get(space.id) ?? null, space.parentId ? (this.collections.get(space.parentId) ?? null) : null);
  }

  /** The highest role granted on a collection: on itself or on one above it. */
  onCollection(collection: { id: string }): ContentLevel {
    return this.collections.get(collection.id) ?? null;
  }
}
