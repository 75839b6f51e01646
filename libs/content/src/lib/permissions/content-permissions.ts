import { MemberRole, MemberRoleOrGuest, minRole, roleAtLeast } from '@docs/identity';

/**
 * The content permission model (docs/permissions.md, "Content: spaces and collections"), as
 * pure functions. Everything that decides what a member may do with a space or a collection
 * goes through `contentLevel`; the `permissions` objects of the wire are derived from its result.
 */

/** `defaultLevel` of a space or collection: a role caps members, 'inherit' defers to the parent, null shuts members out. */
export type DefaultLevel = MemberRole | 'inherit' | null;

/**
 * What the chain of default levels decides for non-admin members:
 * - `organization`: no cap (every level up to the top was 'inherit'),
 * - `none`: members get no access (the first deciding level is null),
 * - a role: members are capped at that role.
 */
export type ContentCap = MemberRole | 'organization' | 'none';

/** The level a member has on a piece of content: a role, or null for no access at all. */
export type ContentLevel = MemberRole | null;

/**
 * The cap decided by a chain of default levels, ordered from the object itself up to its
 * top-level collection. The first value that is not 'inherit' decides; when every one is
 * 'inherit' (or the chain is empty), the organization decides: no cap.
 */
export function effectiveCap(chain: readonly DefaultLevel[]): ContentCap {
  for (const level of chain) {
    if (level === 'inherit') continue;
    return level === null ? 'none' : level;
  }
  return 'organization';
}

/** One step of `effectiveCap`: the cap of an object whose parent's cap is known. */
export function capBelow(own: DefaultLevel, parentCap: ContentCap): ContentCap {
  if (own === 'inherit') return parentCap;
  return own === null ? 'none' : own;
}

/**
 * THE rule: the level of a caller on a space or collection.
 * - not a member of the owning organization (`undefined`): no access;
 * - organization admin: `admin`, whatever the caps;
 * - guest (role null): no access;
 * - otherwise the organization role, lowered to the cap; no access when the cap is `none`.
 */
export function contentLevel(orgRole: MemberRoleOrGuest | undefined, cap: ContentCap): ContentLevel {
  if (orgRole === undefined || orgRole === null) return null;
  if (orgRole === 'admin') return 'admin';
  if (cap === 'none') return null;
  if (cap === 'organization') return orgRole;
  return minRole(orgRole, cap);
}

/** The higher of two levels (no access is the lowest). */
export function maxLevel(a: ContentLevel, b: ContentLevel): ContentLevel {
  if (a === null) return b;
  if (b === null) return a;
  return roleAtLeast(a, b) ? a : b;
}

/**
 * THE rule with grants: a member's level is the higher of `contentLevel` (their organization
 * role through the caps) and `grant`, the highest role granted to them or to one of their teams
 * on the object or on a collection above it. Grants reach guests too (that is how a guest is let
 * into one space); they never reach someone outside the organization.
 */
export function grantedLevel(orgRole: MemberRoleOrGuest | undefined, cap: ContentCap, grant: ContentLevel): ContentLevel {
  if (orgRole === undefined) return null;
  return maxLevel(contentLevel(orgRole, cap), grant);
}

/** `contentLevel` of a caller on an object whose default levels, from itself upwards, are `chain`. */
export function contentLevelFor(orgRole: MemberRoleOrGuest | undefined, chain: readonly DefaultLevel[]): ContentLevel {
  return contentLevel(orgRole, effectiveCap(chain));
}

/** True when `level` reaches `required`; no access reaches nothing. */
export function levelAtLeast(level: ContentLevel, required: MemberRole): boolean {
  return roleAtLeast(level, required);
}

/** Can the caller see the object at all? Those who cannot get 404, never 403. */
export function canSee(level: ContentLevel): level is MemberRole {
  return levelAtLeast(level, 'read');
}

export interface SpacePermissions {
  view: boolean;
  access: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  edit: boolean;
  triggerGitSync: boolean;
  comment: boolean;
  merge: boolean;
  review: boolean;
  installIntegration: boolean;
}

export interface CollectionPermissions {
  view: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  create: boolean;
}

/**
 * Space `permissions` for a caller with `level`. `edit` is the reference's "edit the content by
 * creating a change request": a locked space's content changes that way, so `edit` and `merge`
 * follow the level there too; only `triggerGitSync`, which writes the space itself, is false on a
 * locked space for everyone, admins included.
 */
export function spacePermissions(level: ContentLevel, space: { locked: boolean }): SpacePermissions {
  const at = (role: MemberRole) => levelAtLeast(level, role);
  const changeable = !space.locked;
  return {
    view: at('read'),
    access: at('read'),
    admin: at('admin'),
    viewInviteLinks: at('admin'),
    edit: at('edit'),
    triggerGitSync: changeable && at('edit'),
    comment: at('comment'),
    merge: at('review'),
    review: at('review'),
    installIntegration: at('admin'),
  };
}

/** Collection `permissions` for a caller with `level`. */
export function collectionPermissions(level: ContentLevel): CollectionPermissions {
  return {
    view: levelAtLeast(level, 'read'),
    admin: levelAtLeast(level, 'admin'),
    viewInviteLinks: levelAtLeast(level, 'admin'),
    create: levelAtLeast(level, 'create'),
  };
}

/** The default level of an organization's top level, for placing new content there: the org role. */
export function topLevelLevel(orgRole: MemberRoleOrGuest | undefined): ContentLevel {
  return contentLevel(orgRole, 'organization');
}

/** One collection of an organization's tree, as `capsOfTree` needs it. */
export interface CollectionNode {
  id: string;
  parentId: string | null;
  defaultLevel: DefaultLevel;
}

/**
 * The cap of every collection of an organization, from its whole tree at once (lists compute
 * levels for a page in bulk from this, never with a query per item). Same rule as
 * `effectiveCap`, applied from the top down; a parent missing from the tree counts as the top.
 */
export function capsOfTree(tree: readonly CollectionNode[]): Map<string, ContentCap> {
  const byId = new Map(tree.map((node) => [node.id, node]));
  const caps = new Map<string, ContentCap>();
  const resolve = (node: CollectionNode, depth: number): ContentCap => {
    const known = caps.get(node.id);
    if (known) return known;
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    // The depth guard only matters for a corrupt tree: moves refuse cycles.
    const parentCap = node.defaultLevel === 'inherit' && parent && depth < 1000 ? resolve(parent, depth + 1) : 'organization';
    const cap = capBelow(node.defaultLevel, parentCap);
    caps.set(node.id, cap);
    return cap;
  };
  for (const node of tree) resolve(node, 0);
  return caps;
}
