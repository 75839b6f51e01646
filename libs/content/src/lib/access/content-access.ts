import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { Caller, MemberRole, MemberRoleOrGuest, OrganizationAccess } from '@docs/identity';
import { preparedStatement, SqlPool } from '@docs/platform';
import { CollectionEntity } from '../collections/collection.entity';
import {
  canSee,
  capBelow,
  capsOfTree,
  CollectionNode,
  ContentCap,
  contentLevel,
  ContentLevel,
  DefaultLevel,
  effectiveCap,
  grantedLevel,
  levelAtLeast,
  topLevelLevel,
} from '../permissions/content-permissions';
import { CallerGrants, GrantRow } from '../permissions/caller-grants';
import { SpaceEntity } from '../spaces/space.entity';
import { callerGrantsJson, CallerGrantsJson, grantedRoleSql } from './grants-sql';

/** A space as one caller sees it. `orgRole` undefined: the caller is not a member of its organization. */
export interface SpaceAccess {
  space: SpaceEntity;
  orgRole: MemberRoleOrGuest | undefined;
  cap: ContentCap;
  level: ContentLevel;
}

/** A collection as one caller sees it. */
export interface CollectionAccess {
  collection: CollectionEntity;
  orgRole: MemberRoleOrGuest | undefined;
  cap: ContentCap;
  level: ContentLevel;
}

/** Live spaces with the same parent and default level: one row of `space_counts`. */
export interface SpaceGroup {
  parentId: string | null;
  defaultLevel: DefaultLevel;
  live: number;
}

/** The caller's role in an organization and the caps of all its collections: what lists need. */
export class OrganizationContent {
  constructor(
    readonly organizationId: string,
    readonly orgRole: MemberRoleOrGuest,
    readonly collectionCaps: Map<string, ContentCap>,
    /** The organization's live spaces by group, when the caller counts spaces. */
    readonly spaceGroups: readonly SpaceGroup[] = [],
    /** The grants that reach the caller (their own and their teams'). */
    readonly grants: CallerGrants = CallerGrants.NONE,
    /**
     * Live spaces the caller sees only through grants (their role alone does not reach them),
     * by parent key ('' for the top level): what `visibleSpaceCount` adds for the caller.
     */
    readonly grantOnlySpaces: ReadonlyMap<string, number> = new Map(),
  ) {}

  /**
   * How many live spaces `role` can see (under `parentId` only, when given): the sum of the
   * groups it has a level on, by the same rule as each space's level. Exact, and as cheap at
   * 100,000 spaces as at 10: `space_counts` is kept by a trigger in the writes' transaction.
   */
  visibleSpaceCount(role?: MemberRoleOrGuest, parentId?: string | null): number {
    const byRole = role === undefined ? this.orgRole : role;
    let count = 0;
    for (const group of this.spaceGroups) {
      if (parentId !== undefined && group.parentId !== parentId) continue;
      if (canSee(contentLevel(byRole, this.spaceCap(group)))) count += group.live;
    }
    // The caller's own count also has the spaces their grants open (another role's has not).
    if (role === undefined) {
      for (const [parentKey, live] of this.grantOnlySpaces) {
        if (parentId === undefined || parentKey === (parentId ?? '')) count += live;
      }
    }
    return count;
  }

  /** The cap of a space or of a collection's child whose parent is `parentId`. */
  capUnder(parentId: string | null): ContentCap {
    return parentId ? (this.collectionCaps.get(parentId) ?? 'organization') : 'organization';
  }

  spaceCap(space: Pick<SpaceEntity, 'parentId' | 'defaultLevel'>): ContentCap {
    return capBelow(space.defaultLevel, this.capUnder(space.parentId));
  }

  collectionCap(collection: Pick<CollectionEntity, 'id'>): ContentCap {
    return this.collectionCaps.get(collection.id) ?? 'organization';
  }

  /**
   * The caller's level on a space of this organization, their grants included; with `role`, the
   * level of a member with that role and no grant (another member's view).
   */
  spaceLevel(space: Pick<SpaceEntity, 'id' | 'parentId' | 'defaultLevel'>, role?: MemberRoleOrGuest): ContentLevel {
    if (role !== undefined) return contentLevel(role, this.spaceCap(space));
    return grantedLevel(this.orgRole, this.spaceCap(space), this.grants.onSpace(space));
  }

  collectionLevel(collection: Pick<CollectionEntity, 'id'>, role?: MemberRoleOrGuest): ContentLevel {
    if (role !== undefined) return contentLevel(role, this.collectionCap(collection));
    return grantedLevel(this.orgRole, this.collectionCap(collection), this.grants.onCollection(collection));
  }

  /**
   * The array parameter of the SQL conditions `spaceVisibleToMembers` and
   * `COLLECTION_VISIBLE_TO_MEMBERS` (for callers who are not admins): the ids of the collections
   * the caller cannot see (cap `none`, or every one for a guest, less those granted to them),
   * then the caller's grants as `GRANT_MARK` + id (spaces granted, collections granted with
   * everything below them), and `GUEST_MARK` for a guest (whose role opens nothing).
   */
  hiddenCollectionIds(): string[] {
    const guest = this.orgRole === null;
    const hidden = [...this.collectionCaps]
      .filter(([id, cap]) => (guest || cap === 'none') && this.grants.onCollection({ id }) === null)
      .map(([id]) => id);
    const granted = [...this.grants.spaces.keys(), ...this.grants.collections.keys()].map((id) => GRANT_MARK + id);
    return [...hidden, ...granted, ...(guest ? [GUEST_MARK] : [])];
  }
}

/** Marks a granted space or collection id in `hiddenCollectionIds` (ids never contain ':'). */
export const GRANT_MARK = 'grant:';
/** Marks a guest's `hiddenCollectionIds`: their role opens no space, only their grants do. */
export const GUEST_MARK = 'guest:';

/**
 * SQL condition (alias `s`) for "the caller, not an organization admin, can see this space",
 * given `hidden`, the array parameter (e.g. `$2`) of `OrganizationContent.hiddenCollectionIds`:
 * either their role reaches it (not a guest, its own level not null and, when it inherits, its
 * parent collection not hidden), or a grant does (on the space, or on its collection or one above).
 * The same rule as `grantedLevel` for the caps and grants `OrganizationContent` holds.
 */
export function spaceVisibleToMembers(hidden: string): string {
  return `((s.default_level IS NOT NULL AND NOT ('${GUEST_MARK}' = ANY(${hidden}))
            AND (s.default_level <> 'inherit' OR s.parent_id IS NULL OR NOT (s.parent_id = ANY(${hidden}))))
           OR ('${GRANT_MARK}' || s.id) = ANY(${hidden}) OR ('${GRANT_MARK}' || s.parent_id) = ANY(${hidden}))`;
}

/** Same for a collection (alias `c`): its cap is not `none`. */
export const COLLECTION_VISIBLE_TO_MEMBERS = `NOT (c.id = ANY(:hidden))`;

/** The columns `spaceFromRow` reads, of the table aliased `alias`. */
export function spaceColumns(alias: string): string {
  return [
    'id', 'organization_id', 'parent_id', 'title', 'emoji', 'icon_url', 'visibility', 'edit_mode', 'merge_rules', 'default_level', 'language',
    'position', 'revision_id', 'comments', 'change_requests', 'change_requests_open', 'change_requests_draft', 'created_at',
    'updated_at', 'deleted_at', 'git_sync',
  ]
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

/**
 * SQL: the collection tree of organization `org` (e.g. `$1`) as one JSON value,
 * `[[id, parent_id, default_level], ...]`: what `organizationContentOf` reads.
 */
export function collectionTreeJson(org: string): string {
  return `(SELECT COALESCE(json_agg(json_build_array(c.id, c.parent_id, c.default_level)), '[]'::json)
             FROM collections c WHERE c.organization_id = ${org})`;
}

const COLLECTION_TREE_JSON = collectionTreeJson('$1');

/** The JSON of `collectionTreeJson`, as pg hands it over. */
export type CollectionTreeJson = [string, string | null, DefaultLevel][];

const SPACE_COLUMNS = spaceColumns('t');

/**
 * A space, the default levels of its collection chain up to the first that decides, the
 * caller's membership of its organization and the highest role granted to them on the space or
 * a collection above it: one round trip, planned once per connection.
 */
const FIND_SPACE = preparedStatement(
  'content_find_space',
  `WITH RECURSIVE target AS (
     SELECT * FROM spaces WHERE id = $1
   ), chain AS (
     SELECT c.id, c.parent_id, c.default_level, 1 AS depth
       FROM target t JOIN collections c ON c.id = t.parent_id
      WHERE t.default_level = 'inherit'
     UNION ALL
     SELECT c.id, c.parent_id, c.default_level, chain.depth + 1
       FROM chain JOIN collections c ON c.id = chain.parent_id
      WHERE chain.default_level = 'inherit' AND chain.depth < 1000
   ), ancestors AS (
     SELECT c.id, c.parent_id, 1 AS depth FROM target t JOIN collections c ON c.id = t.parent_id
     UNION ALL
     SELECT c.id, c.parent_id, ancestors.depth + 1
       FROM ancestors JOIN collections c ON c.id = ancestors.parent_id
      WHERE ancestors.depth < 1000
   )
   SELECT ${SPACE_COLUMNS}, m.role AS member_role, (m.user_id IS NOT NULL) AS is_member,
          (SELECT COALESCE(json_agg(chain.default_level ORDER BY chain.depth), '[]'::json) FROM chain) AS chain,
          ${grantedRoleSql('t.organization_id', '$2', 'g.space_id = t.id OR g.collection_id IN (SELECT id FROM ancestors)')} AS granted_role
     FROM target t
     LEFT JOIN organization_members m ON m.organization_id = t.organization_id AND m.user_id = $2 AND NOT m.disabled`,
);

/**
 * A collection, its own chain of default levels (itself first), the caller's membership and the
 * highest role granted to them on it or a collection above it.
 */
const FIND_COLLECTION = preparedStatement(
  'content_find_collection',
  `WITH RECURSIVE chain AS (
     SELECT c.id, c.parent_id, c.default_level, 0 AS depth FROM collections c WHERE c.id = $1
     UNION ALL
     SELECT p.id, p.parent_id, p.default_level, chain.depth + 1
       FROM chain JOIN collections p ON p.id = chain.parent_id
      WHERE chain.default_level = 'inherit' AND chain.depth < 1000
   ), ancestors AS (
     SELECT c.id, c.parent_id, 0 AS depth FROM collections c WHERE c.id = $1
     UNION ALL
     SELECT p.id, p.parent_id, ancestors.depth + 1
       FROM ancestors JOIN collections p ON p.id = ancestors.parent_id
      WHERE ancestors.depth < 1000
   )
   SELECT t.id, t.organization_id, t.parent_id, t.title, t.description, t.default_level, t.position, t.created_at, t.updated_at,
          m.role AS member_role, (m.user_id IS NOT NULL) AS is_member,
          (SELECT json_agg(chain.default_level ORDER BY chain.depth) FROM chain) AS chain,
          ${grantedRoleSql('t.organization_id', '$2', 'g.collection_id IN (SELECT id FROM ancestors)')} AS granted_role
     FROM collections t
     LEFT JOIN organization_members m ON m.organization_id = t.organization_id AND m.user_id = $2 AND NOT m.disabled
    WHERE t.id = $1`,
);

const CALLER_GRANTS_JSON = callerGrantsJson('$1', '$2');

/** The caller's membership, the organization's collection tree and the caller's grants, for lists. */
const ORGANIZATION_CONTENT = preparedStatement(
  'content_organization_scope',
  `SELECT m.role,
          ${COLLECTION_TREE_JSON} AS tree,
          ${CALLER_GRANTS_JSON} AS grants
     FROM organization_members m
    WHERE m.organization_id = $1 AND m.user_id = $2 AND NOT m.disabled`,
);

/** `space_counts` rows as JSON [parent_key, default_level, live] ('' stands for NULL in both keys). */
const SPACE_GROUPS_JSON = `(SELECT COALESCE(json_agg(json_build_array(g.parent_key, g.default_level, g.live)), '[]'::json)
                              FROM space_counts g WHERE g.organization_id = $1)`;

/** ORGANIZATION_CONTENT and the live spaces by group, for space lists. */
const ORGANIZATION_SPACES = preparedStatement(
  'content_organization_spaces',
  `SELECT m.role,
          ${COLLECTION_TREE_JSON} AS tree,
          ${SPACE_GROUPS_JSON} AS groups,
          ${CALLER_GRANTS_JSON} AS grants
     FROM organization_members m
    WHERE m.organization_id = $1 AND m.user_id = $2 AND NOT m.disabled`,
);

/** The live spaces directly in one collection, by default level. */
const SPACE_GROUPS_UNDER = preparedStatement(
  'content_space_groups_under',
  `SELECT default_level, live FROM space_counts WHERE organization_id = $1 AND parent_key = $2`,
);

/** The collection tree and the live spaces by group, of an organization (nobody's role in it). */
const SPACE_REACH = preparedStatement(
  'content_space_reach',
  `SELECT ${COLLECTION_TREE_JSON} AS tree,
          ${SPACE_GROUPS_JSON} AS groups`,
);

/** SPACE_REACH with a user's active membership (a row whatever it is: `member` says whether there is one). */
const SPACE_REACH_WITH_MEMBER = preparedStatement(
  'content_space_reach_with_member',
  `SELECT m.user_id IS NOT NULL AS member, m.role,
          ${COLLECTION_TREE_JSON} AS tree,
          ${SPACE_GROUPS_JSON} AS groups
     FROM (SELECT 1) AS one
     LEFT JOIN organization_members m ON m.organization_id = $1 AND m.user_id = $2 AND NOT m.disabled`,
);

/**
 * The live spaces of organization $1 that a caller sees only through grants, by parent key: those
 * granted ($2: space ids; $3: collection ids, each with everything below it) that the caller's
 * role does not reach ($4: the caller is a member with a role; $5: the collections whose cap is
 * `none`). Asked only for callers who have grants and are not admins.
 */
const GRANT_ONLY_SPACES = preparedStatement(
  'content_grant_only_spaces',
  `SELECT COALESCE(s.parent_id, '') AS parent_key, count(*)::int AS live
     FROM spaces s
    WHERE s.organization_id = $1 AND s.deleted_at IS NULL
      AND (s.id = ANY($2::text[]) OR s.parent_id = ANY($3::text[]))
      AND NOT ($4::boolean AND s.default_level IS NOT NULL
               AND (s.default_level <> 'inherit' OR s.parent_id IS NULL OR NOT (s.parent_id = ANY($5::text[]))))
    GROUP BY 1`,
);

const COLLECTION_TREE = preparedStatement(
  'content_collection_tree',
  `SELECT ${COLLECTION_TREE_JSON} AS tree`,
);

interface MembershipColumns {
  member_role: MemberRoleOrGuest;
  is_member: boolean;
  chain: DefaultLevel[] | null;
  granted_role: MemberRole | null;
}

export function spaceFromRow(row: Record<string, any>): SpaceEntity {
  return Object.assign(new SpaceEntity(), {
    id: row.id,
    organizationId: row.organization_id,
    parentId: row.parent_id,
    title: row.title,
    emoji: row.emoji,
    iconUrl: row.icon_url,
    visibility: row.visibility,
    editMode: row.edit_mode,
    mergeRules: row.merge_rules,
    defaultLevel: row.default_level,
    language: row.language,
    position: row.position,
    revisionId: row.revision_id,
    comments: row.comments,
    changeRequests: row.change_requests,
    changeRequestsOpen: row.change_requests_open,
    changeRequestsDraft: row.change_requests_draft,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    gitSync: row.git_sync ?? null,
  });
}

export function collectionFromRow(row: Record<string, any>): CollectionEntity {
  return Object.assign(new CollectionEntity(), {
    id: row.id,
    organizationId: row.organization_id,
    parentId: row.parent_id,
    title: row.title,
    description: row.description,
    defaultLevel: row.default_level,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

function treeFromJson(tree: CollectionTreeJson): CollectionNode[] {
  return tree.map(([id, parentId, defaultLevel]) => ({ id, parentId, defaultLevel }));
}

/** A caller's view of an organization from their role, its `collectionTreeJson` and their `callerGrantsJson`. */
export function organizationContentOf(
  organizationId: string,
  role: MemberRoleOrGuest,
  tree: CollectionTreeJson,
  groups: SpaceGroup[] = [],
  grants: CallerGrantsJson = [],
): OrganizationContent {
  const nodes = treeFromJson(tree);
  const callerGrants = CallerGrants.of(grantsFromJson(grants), new Map(nodes.map((node) => [node.id, node.parentId])));
  return new OrganizationContent(organizationId, role, capsOfTree(nodes), groups, callerGrants);
}

function grantsFromJson(grants: CallerGrantsJson): GrantRow[] {
  return grants.map(([spaceId, collectionId, role]) => ({ spaceId, collectionId, role: role as MemberRole }));
}

function groupsFromJson(groups: [string, string, number][]): SpaceGroup[] {
  return groups.map(([parentKey, defaultLevel, live]) => ({
    parentId: parentKey === '' ? null : parentKey,
    defaultLevel: (defaultLevel === '' ? null : defaultLevel) as DefaultLevel,
    live,
  }));
}

/** `hide`: a deleted space is a 404 (every operation but restore); `include`: restore sees it. */
export type DeletedSpaces = 'hide' | 'include';

/**
 * The gate of every space and collection operation. Whoever cannot see an object (another
 * organization's, a guest, a member shut out by a null default level, a deleted space) gets
 * 404, never 403; whoever sees it without the level an operation needs gets 403.
 */
@Injectable()
export class ContentAccess {
  constructor(
    private readonly sql: SqlPool,
    private readonly organizations: OrganizationAccess,
  ) {}

  /** The space and the caller's level on it; undefined when no space has this id. Deleted spaces included. */
  async findSpace(spaceId: string, userId: string): Promise<SpaceAccess | undefined> {
    const row = await this.sql.first<Record<string, any> & MembershipColumns>(FIND_SPACE, [spaceId, userId]);
    if (!row) return undefined;
    const space = spaceFromRow(row);
    const orgRole = row.is_member ? row.member_role : undefined;
    const cap = effectiveCap([space.defaultLevel, ...(row.chain ?? [])]);
    return { space, orgRole, cap, level: grantedLevel(orgRole, cap, row.granted_role) };
  }

  /**
   * The space if the caller sees it and has `required` on it. `deleted: 'hide'` (the default)
   * treats deleted spaces as absent; `'include'` is for restore.
   */
  async requireSpace(
    spaceId: string,
    caller: Caller,
    required: MemberRole,
    action: string,
    deleted: DeletedSpaces = 'hide',
  ): Promise<SpaceAccess> {
    const access = await this.findSpace(spaceId, caller.userId);
    if (!access || !canSee(access.level) || (deleted === 'hide' && access.space.deletedAt)) {
      throw new NotFoundException(`No space has the id ${spaceId}.`);
    }
    requireLevel(access.level, required, `space ${spaceId}`, action);
    return access;
  }

  async findCollection(collectionId: string, userId: string): Promise<CollectionAccess | undefined> {
    const row = await this.sql.first<Record<string, any> & MembershipColumns>(FIND_COLLECTION, [collectionId, userId]);
    if (!row) return undefined;
    const collection = collectionFromRow(row);
    const orgRole = row.is_member ? row.member_role : undefined;
    const cap = effectiveCap(row.chain ?? [collection.defaultLevel]);
    return { collection, orgRole, cap, level: grantedLevel(orgRole, cap, row.granted_role) };
  }

  /** The collection if the caller sees it and has `required` on it; 404 or 403 otherwise. */
  async requireCollection(collectionId: string, caller: Caller, required: MemberRole, action: string): Promise<CollectionAccess> {
    const access = await this.findCollection(collectionId, caller.userId);
    if (!access || !canSee(access.level)) throw new NotFoundException(`No collection has the id ${collectionId}.`);
    requireLevel(access.level, required, `collection ${collectionId}`, action);
    return access;
  }

  /**
   * The caller's standing in an organization with the caps of all its collections, for lists
   * and for checks at the top level. 404 for non-members.
   */
  async requireOrganization(organizationId: string, caller: Caller): Promise<OrganizationContent> {
    const row = await this.sql.first<{ role: MemberRoleOrGuest; tree: CollectionTreeJson; grants: CallerGrantsJson }>(
      ORGANIZATION_CONTENT,
      [organizationId, caller.userId],
    );
    if (!row) throw new NotFoundException(`No organization has the id ${organizationId}.`);
    return organizationContentOf(organizationId, row.role, row.tree, [], row.grants);
  }

  /** `requireOrganization`, with the organization's live spaces by group for counting them. */
  async requireOrganizationSpaces(organizationId: string, caller: Caller): Promise<OrganizationContent> {
    const scope = await this.organizationSpacesOf(organizationId, caller.userId);
    if (!scope) throw new NotFoundException(`No organization has the id ${organizationId}.`);
    return scope;
  }

  /** What `requireOrganizationSpaces` answers, for any user (another member's view); undefined for non-members. */
  async organizationSpacesOf(organizationId: string, userId: string): Promise<OrganizationContent | undefined> {
    const row = await this.sql.first<{ role: MemberRoleOrGuest; tree: CollectionTreeJson; groups: [string, string, number][]; grants: CallerGrantsJson }>(
      ORGANIZATION_SPACES,
      [organizationId, userId],
    );
    if (!row) return undefined;
    const scope = organizationContentOf(organizationId, row.role, row.tree, groupsFromJson(row.groups), row.grants);
    if (scope.grants.empty || scope.orgRole === 'admin') return scope;
    // Exact counts: the spaces only grants open are counted once, apart from the role's groups.
    const hidden = [...scope.collectionCaps].filter(([, cap]) => cap === 'none').map(([id]) => id);
    const rows = await this.sql.rows<{ parent_key: string; live: number }>(GRANT_ONLY_SPACES, [
      organizationId,
      [...scope.grants.spaces.keys()],
      [...scope.grants.collections.keys()],
      scope.orgRole !== null,
      hidden,
    ]);
    const grantOnly = new Map(rows.map((r) => [r.parent_key, r.live]));
    return new OrganizationContent(organizationId, scope.orgRole, scope.collectionCaps, scope.spaceGroups, scope.grants, grantOnly);
  }

  /** The organization's collection caps and live spaces by group, with nobody's role (Member.spaces). */
  async spaceReach(organizationId: string): Promise<OrganizationContent> {
    const row = await this.sql.first<{ tree: CollectionTreeJson; groups: [string, string, number][] }>(SPACE_REACH, [
      organizationId,
    ]);
    return organizationContentOf(organizationId, null, row?.tree ?? [], groupsFromJson(row?.groups ?? []));
  }

  /** `spaceReach` with a user's active membership of the organization (undefined: none), in one round trip. */
  async spaceReachWithMember(organizationId: string, userId: string): Promise<{ member?: { role: MemberRoleOrGuest }; scope: OrganizationContent }> {
    const row = await this.sql.first<{ member: boolean; role: MemberRoleOrGuest; tree: CollectionTreeJson; groups: [string, string, number][] }>(
      SPACE_REACH_WITH_MEMBER,
      [organizationId, userId],
    );
    const scope = organizationContentOf(organizationId, null, row?.tree ?? [], groupsFromJson(row?.groups ?? []));
    return { member: row?.member ? { role: row.role } : undefined, scope };
  }

  /** The live spaces directly in a collection, by default level. */
  async spaceGroupsUnder(organizationId: string, collectionId: string): Promise<SpaceGroup[]> {
    const rows = await this.sql.rows<{ default_level: string; live: number }>(SPACE_GROUPS_UNDER, [organizationId, collectionId]);
    return groupsFromJson(rows.map((row) => [collectionId, row.default_level, row.live]));
  }

  /**
   * The check for placing content (create, duplicate, move, restore) under `parentId` of an
   * organization: the create level on that collection, or at the top level the organization role
   * create (404 for non-members, 403 for members below create). A parent the caller cannot see,
   * or one of another organization (even one where the caller has a role), is a 404 with the same
   * words as an unknown id: its existence is not this organization's business. `parentKnown`:
   * the caller was already shown `parentId` (a duplicate goes where the original is), so a parent
   * of this organization they cannot see is a 403.
   */
  async requirePlacement(
    organizationId: string,
    parentId: string | null,
    caller: Caller,
    orgRole: MemberRoleOrGuest | undefined,
    action: string,
    parentKnown = false,
  ): Promise<void> {
    if (parentId === null) {
      if (orgRole === undefined) throw new NotFoundException(`No organization has the id ${organizationId}.`);
      requireLevel(topLevelLevel(orgRole), 'create', `the top level of organization ${organizationId}`, action);
      return;
    }
    const target = await this.findCollection(parentId, caller.userId);
    // The organization first: the caller's role in another organization decides nothing here.
    const ours = target !== undefined && target.collection.organizationId === organizationId;
    if (!ours || (!canSee(target.level) && !parentKnown)) throw new NotFoundException(`No collection has the id ${parentId}.`);
    requireLevel(target.level, 'create', `collection ${parentId}`, action);
  }

  /**
   * Where a transfer may take content: 404 unless the caller is a member of the target, 403
   * unless an admin there, 409 when the content already belongs to it.
   */
  async requireTransferTarget(targetOrganizationId: string, caller: Caller, currentOrganizationId: string, what: string): Promise<void> {
    const membership = await this.organizations.find(targetOrganizationId, caller.userId);
    if (!membership) throw new NotFoundException(`No organization has the id ${targetOrganizationId}.`);
    if (membership.role !== 'admin') {
      throw new ForbiddenException(`You need the admin role in organization ${targetOrganizationId} to transfer content into it.`);
    }
    if (targetOrganizationId === currentOrganizationId) {
      throw new ConflictException(`${what} already belongs to organization ${targetOrganizationId}.`);
    }
  }

  /** The caps of every collection of an organization (nobody's role in it). */
  async collectionCaps(organizationId: string): Promise<Map<string, ContentCap>> {
    const row = await this.sql.first<{ tree: CollectionTreeJson }>(COLLECTION_TREE, [organizationId]);
    return capsOfTree(treeFromJson(row?.tree ?? []));
  }
}

/** 403 unless `level` reaches `required`, with a message saying what was needed and what the caller has. */
export function requireLevel(level: ContentLevel, required: MemberRole, object: string, action: string): void {
  if (!levelAtLeast(level, required)) {
    throw new ForbiddenException(`You need the ${required} level on ${object} to ${action}; you have ${level ?? 'no access'}.`);
  }
}
