import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Caller, MemberRole, MemberRoleOrGuest, TeamEntity, UserEntity } from '@docs/identity';
import { Clock, newId, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { ContentAccess } from '../access/content-access';
import { roleRankSql } from '../access/grants-sql';
import { ContentLevel, levelAtLeast } from '../permissions/content-permissions';

/** What a grant is on: a space or a collection (a grant on a collection reaches everything below it). */
export interface GrantObject {
  kind: 'space' | 'collection';
  id: string;
}

/** What a grant is to: one member or one team. */
export type GrantSubject = 'user' | 'team';

/** The object as the caller sees it, with what grants need: its column in content_grants and the caller's standing. */
interface SharedObject {
  object: GrantObject;
  organizationId: string;
  column: 'space_id' | 'collection_id';
  label: string;
  orgRole: MemberRoleOrGuest;
  level: MemberRole;
}

export interface UserGrant {
  id: string;
  role: MemberRole;
  createdAt: Date;
  user: UserEntity;
}

export interface TeamGrant {
  id: string;
  role: MemberRole;
  createdAt: Date;
  team: TeamEntity;
}

/** The level needed to share a space or collection: grant, change or remove roles on it, never above one's own. */
export const SHARE_LEVEL: MemberRole = 'create';

/**
 * The reference's permission operations on spaces and collections (invite, list, update, remove,
 * for users and for teams): rows of `content_grants`. Their effect on access is not here but in
 * the one place every read goes through (ContentAccess and the SQL of grants-sql.ts).
 *
 * Checks, in the order of docs/permissions.md: the object (404 when the caller cannot see it),
 * then each user or team named (404 when not of the organization, or not visible to a guest
 * caller), then the caller's level: `SHARE_LEVEL` to change grants, and no grant set, changed or
 * removed above the caller's own level (403). Bad input changes nothing: every check runs before
 * the first write, and the writes of one call share a transaction.
 */
@Injectable()
export class ContentGrants {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: ContentAccess,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  /** inviteTo{Space,Collection}: grants `role` to each user and team (replacing a grant they had there). */
  async invite(object: GrantObject, caller: Caller, input: { role: MemberRole; users?: string[]; teams?: string[] }): Promise<void> {
    const shared = await this.requireObject(object, caller, 'read');
    const users = [...new Set(input.users ?? [])];
    const teams = [...new Set(input.teams ?? [])];
    await this.dataSource.transaction(async (tx) => {
      await this.requireMembers(tx, shared, caller, users);
      await this.requireTeams(tx, shared, caller, teams);
      this.requireShareLevel(shared, input.role);
      const current = await this.currentRoles(tx, shared, [...users.map((id) => ['user', id] as const), ...teams.map((id) => ['team', id] as const)]);
      for (const role of current) this.requireWithin(shared, role, 'change');
      for (const userId of users) await this.upsert(tx, shared, 'user', userId, input.role);
      for (const teamId of teams) await this.upsert(tx, shared, 'team', teamId, input.role);
    });
  }

  /** update{User,Team}PermissionIn{Space,Collection}: sets the subject's role (granting it when they had none). */
  async set(object: GrantObject, caller: Caller, subject: GrantSubject, subjectId: string, role: MemberRole): Promise<void> {
    const shared = await this.requireObject(object, caller, 'read');
    await this.dataSource.transaction(async (tx) => {
      if (subject === 'user') await this.requireMembers(tx, shared, caller, [subjectId]);
      else await this.requireTeams(tx, shared, caller, [subjectId]);
      this.requireShareLevel(shared, role);
      for (const current of await this.currentRoles(tx, shared, [[subject, subjectId]])) this.requireWithin(shared, current, 'change');
      await this.upsert(tx, shared, subject, subjectId, role);
    });
  }

  /** remove{User,Team}From{Space,Collection}: true when a grant was removed (205), false when there was none (204). */
  async remove(object: GrantObject, caller: Caller, subject: GrantSubject, subjectId: string): Promise<boolean> {
    const shared = await this.requireObject(object, caller, 'read');
    return this.dataSource.transaction(async (tx) => {
      if (subject === 'user') await this.requireMembers(tx, shared, caller, [subjectId]);
      else await this.requireTeams(tx, shared, caller, [subjectId]);
      this.requireShareLevel(shared, 'read');
      const [current] = await this.currentRoles(tx, shared, [[subject, subjectId]]);
      if (current === undefined) return false;
      this.requireWithin(shared, current, 'remove');
      await tx.query(`DELETE FROM content_grants WHERE ${shared.column} = $1 AND ${subject}_id = $2`, [object.id, subjectId]);
      return true;
    });
  }

  /** listUserPermissionsIn{Space,Collection}: the users granted a role on the object itself, oldest grant first. */
  async listUsers(object: GrantObject, caller: Caller, page: { page?: string; limit?: number }): Promise<Page<UserGrant>> {
    const shared = await this.requireLister(object, caller);
    return this.paginator.paginateSql<UserGrant>(
      {
        name: `content_grants_users_${shared.column}`,
        sql: `SELECT g.id, g.role, g.created_at, u.id AS user_id, u.email, u.display_name, u.photo_url, u.created_at AS user_created_at
                FROM content_grants g JOIN users u ON u.id = g.user_id
               WHERE g.${shared.column} = $1 AND g.user_id IS NOT NULL`,
        values: [object.id],
        countSql: countOf(shared, 'user'),
        item: (row) => ({
          id: row.id,
          role: row.role,
          createdAt: row.created_at,
          user: Object.assign(new UserEntity(), {
            id: row.user_id,
            email: row.email,
            displayName: row.display_name,
            photoUrl: row.photo_url,
            createdAt: row.user_created_at,
          }),
        }),
        count: async () => ((await this.dataSource.query(countOf(shared, 'user'), [object.id])) as { count: number }[])[0].count,
      },
      GRANT_ORDER,
      { scope: `grants-users:${object.kind}:${object.id}`, ...page },
    );
  }

  /** listTeamPermissionsIn{Space,Collection}: the teams granted a role on the object itself, oldest grant first. */
  async listTeams(object: GrantObject, caller: Caller, page: { page?: string; limit?: number }): Promise<{ shared: SharedObject; page: Page<TeamGrant> }> {
    const shared = await this.requireLister(object, caller);
    const result = await this.paginator.paginateSql<TeamGrant>(
      {
        name: `content_grants_teams_${shared.column}`,
        sql: `SELECT g.id, g.role, g.created_at, t.id AS team_id, t.organization_id, t.title, t.created_at AS team_created_at
                FROM content_grants g JOIN teams t ON t.id = g.team_id
               WHERE g.${shared.column} = $1 AND g.team_id IS NOT NULL`,
        values: [object.id],
        countSql: countOf(shared, 'team'),
        item: (row) => ({
          id: row.id,
          role: row.role,
          createdAt: row.created_at,
          team: Object.assign(new TeamEntity(), { id: row.team_id, organizationId: row.organization_id, title: row.title, createdAt: row.team_created_at }),
        }),
        count: async () => ((await this.dataSource.query(countOf(shared, 'team'), [object.id])) as { count: number }[])[0].count,
      },
      GRANT_ORDER,
      { scope: `grants-teams:${object.kind}:${object.id}`, ...page },
    );
    return { shared, page: result };
  }

  /** The object if the caller sees it (404 otherwise) with their level on it. */
  private async requireObject(object: GrantObject, caller: Caller, required: MemberRole): Promise<SharedObject> {
    if (object.kind === 'space') {
      const { space, orgRole, level } = await this.access.requireSpace(object.id, caller, required, 'see who it is shared with');
      return { object, organizationId: space.organizationId, column: 'space_id', label: `space ${space.id}`, orgRole: orgRole ?? null, level: level as MemberRole };
    }
    const { collection, orgRole, level } = await this.access.requireCollection(object.id, caller, required, 'see who it is shared with');
    return {
      object,
      organizationId: collection.organizationId,
      column: 'collection_id',
      label: `collection ${collection.id}`,
      orgRole: orgRole ?? null,
      level: level as MemberRole,
    };
  }

  /** Lists of grants name members and teams: for whoever sees the object and has a role (guests see no other member). */
  private async requireLister(object: GrantObject, caller: Caller): Promise<SharedObject> {
    const shared = await this.requireObject(object, caller, 'read');
    if (shared.orgRole === null) throw new ForbiddenException(`Guests cannot list who ${shared.label} is shared with.`);
    return shared;
  }

  /** 404 for any id that is not an active member of the organization (or, for a guest caller, not themselves). */
  private async requireMembers(tx: EntityManager, shared: SharedObject, caller: Caller, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const rows: { user_id: string }[] = await tx.query(
      `SELECT user_id FROM organization_members WHERE organization_id = $1 AND user_id = ANY($2::text[]) AND NOT disabled`,
      [shared.organizationId, userIds],
    );
    const members = new Set(rows.map((row) => row.user_id));
    // A guest sees no other member: another id is a 404 for them, like an unknown one.
    const missing = userIds.find((id) => !members.has(id) || (shared.orgRole === null && id !== caller.userId));
    if (missing !== undefined) throw new NotFoundException(`Organization ${shared.organizationId} has no member with the id ${missing}.`);
  }

  /** 404 for any id that is not a team of the organization (or, for a guest caller, one they are not in). */
  private async requireTeams(tx: EntityManager, shared: SharedObject, caller: Caller, teamIds: string[]): Promise<void> {
    if (teamIds.length === 0) return;
    const rows: { id: string }[] = await tx.query(
      shared.orgRole === null
        ? `SELECT t.id FROM teams t JOIN team_members tm ON tm.team_id = t.id AND tm.user_id = $3 WHERE t.organization_id = $1 AND t.id = ANY($2::text[])`
        : `SELECT t.id FROM teams t WHERE t.organization_id = $1 AND t.id = ANY($2::text[])`,
      shared.orgRole === null ? [shared.organizationId, teamIds, caller.userId] : [shared.organizationId, teamIds],
    );
    const teams = new Set(rows.map((row) => row.id));
    const missing = teamIds.find((id) => !teams.has(id));
    if (missing !== undefined) throw new NotFoundException(`Organization ${shared.organizationId} has no team with the id ${missing}.`);
  }

  /** 403 unless the caller may share the object, and `role` is within their own level. */
  private requireShareLevel(shared: SharedObject, role: MemberRole): void {
    if (!levelAtLeast(shared.level, SHARE_LEVEL)) {
      throw new ForbiddenException(`You need the ${SHARE_LEVEL} level on ${shared.label} to change who it is shared with; you have ${shared.level}.`);
    }
    this.requireWithin(shared, role, 'grant');
  }

  /** 403 when `role` is above the caller's level: nobody grants, changes or removes more than they hold. */
  private requireWithin(shared: SharedObject, role: ContentLevel, action: 'grant' | 'change' | 'remove'): void {
    if (role !== null && !levelAtLeast(shared.level, role)) {
      const what = action === 'grant' ? `grant the ${role} role` : `${action} a grant of the ${role} role`;
      throw new ForbiddenException(`You cannot ${what} on ${shared.label}: your level there is ${shared.level}.`);
    }
  }

  /** The roles the object grants now to these users and teams (those that have one). */
  private async currentRoles(tx: EntityManager, shared: SharedObject, subjects: (readonly [GrantSubject, string])[]): Promise<MemberRole[]> {
    if (subjects.length === 0) return [];
    const rows: { role: MemberRole }[] = await tx.query(
      `SELECT role FROM content_grants WHERE ${shared.column} = $1 AND (user_id = ANY($2::text[]) OR team_id = ANY($3::text[]))`,
      [shared.object.id, subjects.filter(([kind]) => kind === 'user').map(([, id]) => id), subjects.filter(([kind]) => kind === 'team').map(([, id]) => id)],
    );
    return rows.map((row) => row.role);
  }

  /**
   * The grant an invite link gives when someone joins through it (`tx`: the join's transaction,
   * which made them a member): `role` on the object, or the grant they already had there when it
   * is higher. The link's maker was checked when the link was made or changed.
   */
  async grantByLink(tx: EntityManager, organizationId: string, object: GrantObject, userId: string, role: MemberRole): Promise<void> {
    await this.upsert(tx, { organizationId, object, column: object.kind === 'space' ? 'space_id' : 'collection_id' }, 'user', userId, role, 'keep-higher');
  }

  private async upsert(
    tx: EntityManager,
    shared: Pick<SharedObject, 'organizationId' | 'object' | 'column'>,
    subject: GrantSubject,
    subjectId: string,
    role: MemberRole,
    existing: 'replace' | 'keep-higher' = 'replace',
  ): Promise<void> {
    const subjectColumn = `${subject}_id`;
    const updated =
      existing === 'replace'
        ? 'EXCLUDED.role'
        : `CASE WHEN ${roleRankSql('EXCLUDED.role')} > ${roleRankSql('content_grants.role')} THEN EXCLUDED.role ELSE content_grants.role END`;
    await tx.query(
      `INSERT INTO content_grants (id, organization_id, ${shared.column}, ${subjectColumn}, role, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (${shared.column}, ${subjectColumn}) WHERE ${shared.column} IS NOT NULL AND ${subjectColumn} IS NOT NULL
       DO UPDATE SET role = ${updated}`,
      [newId(), shared.organizationId, shared.object.id, subjectId, role, this.clock.now()],
    );
  }
}

/** SQL: how many users (or teams) the object grants a role to. */
function countOf(shared: SharedObject, subject: GrantSubject): string {
  return `SELECT count(*)::int AS count FROM content_grants g WHERE g.${shared.column} = $1 AND g.${subject}_id IS NOT NULL`;
}

/** Grants in the order they were made (content_grants rows of one object are few: no index order needed). */
const GRANT_ORDER = [
  sortKey<{ createdAt: Date; id: string }>('g.created_at', 'ASC', 'timestamp', (grant) => grant.createdAt),
  sortKey<{ createdAt: Date; id: string }>('g.id', 'ASC', 'text', (grant) => grant.id),
];
