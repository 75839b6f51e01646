import type { TeamRole } from './team-role';

export interface TeamMembershipRequest {
  /** Resolved user ids. */
  add: string[];
  remove: string[];
  memberships: Record<string, TeamRole>;
}

export interface TeamMembershipChanges {
  /** Users to remove from the team. */
  remove: string[];
  /** Users to insert, or whose role to set: the role to write, or undefined to keep an existing one. */
  upsert: { userId: string; role: TeamRole | undefined }[];
}

/**
 * The net effect of a bulk team update: whoever is both added and removed is removed; a role
 * in `memberships` applies to an added user or to one already in the team (and adds them when
 * they are not); added users without a role join as `member` (existing members keep theirs).
 */
export function teamMembershipChanges(request: TeamMembershipRequest): TeamMembershipChanges {
  const removed = new Set(request.remove);
  const upsert = new Map<string, TeamRole | undefined>();
  for (const userId of request.add) if (!removed.has(userId)) upsert.set(userId, undefined);
  for (const [userId, role] of Object.entries(request.memberships)) if (!removed.has(userId)) upsert.set(userId, role);
  return { remove: [...removed], upsert: [...upsert].map(([userId, role]) => ({ userId, role })) };
}
