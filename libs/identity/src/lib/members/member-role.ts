/**
 * The member role enum, from most to least capable (spec section 2.1): each role can do
 * everything the roles after it can; a reviewer also merges what editors propose.
 * `null` (no role) is a guest.
 */
export const MEMBER_ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type MemberRoleOrGuest = MemberRole | null;

const RANK: Record<MemberRole, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };

/** True when `role` grants at least what `required` does (guests reach nothing). */
export function roleAtLeast(role: MemberRoleOrGuest, required: MemberRole): boolean {
  return role !== null && RANK[role] >= RANK[required];
}

/** The lesser of two roles; a guest (null) on either side gives a guest. */
export function minRole(a: MemberRoleOrGuest, b: MemberRoleOrGuest): MemberRoleOrGuest {
  if (a === null || b === null) return null;
  return RANK[a] <= RANK[b] ? a : b;
}

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
}
