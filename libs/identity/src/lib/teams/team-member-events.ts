import type { DomainEvent, EventOutbox } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import type { TeamRole } from './team-role';

/**
 * Runs `change` on some members of a team inside `tx` and emits what it did to each of them:
 * `team_member_added`, `team_member_role_updated`, `team_member_removed`. Their rows are read
 * (and locked) before and after, so the events say what really changed, whatever the request asked.
 */
export async function withTeamMemberEvents(
  tx: EntityManager,
  events: EventOutbox,
  scope: { organizationId: string; teamId: string; actor: string },
  userIds: string[],
  change: () => Promise<void>,
): Promise<void> {
  const read = async (lock: boolean) =>
    new Map<string, TeamRole>(
      ((await tx.query(`SELECT user_id, role FROM team_members WHERE team_id = $1 AND user_id = ANY ($2)${lock ? ' FOR UPDATE' : ''}`, [scope.teamId, userIds])) as {
        user_id: string;
        role: TeamRole;
      }[]).map((row) => [row.user_id, row.role]),
    );
  const before = await read(true);
  await change();
  const after = await read(false);
  const emitted: DomainEvent[] = [];
  const base = { organizationId: scope.organizationId, actor: scope.actor };
  for (const userId of new Set(userIds)) {
    const [was, is] = [before.get(userId), after.get(userId)];
    if (was === undefined && is !== undefined) emitted.push({ ...base, type: 'team_member_added', payload: { teamId: scope.teamId, userId, role: is } });
    else if (was !== undefined && is === undefined) emitted.push({ ...base, type: 'team_member_removed', payload: { teamId: scope.teamId, userId } });
    else if (was !== undefined && is !== undefined && was !== is) {
      emitted.push({ ...base, type: 'team_member_role_updated', payload: { teamId: scope.teamId, userId, role: is, previousRole: was } });
    }
  }
  await events.emit(tx, emitted);
}
