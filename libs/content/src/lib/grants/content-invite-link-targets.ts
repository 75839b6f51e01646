import { Injectable, NotFoundException } from '@nestjs/common';
import { Caller, InviteLinkTarget, InviteLinkTargets, MemberRole, MemberRoleOrGuest, PresentedTarget, targetKey } from '@docs/identity';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import {
  CollectionAccess,
  collectionFromRow,
  collectionTreeJson,
  CollectionTreeJson,
  ContentAccess,
  organizationContentOf,
  requireLevel,
  SpaceAccess,
  spaceColumns,
  spaceFromRow,
} from '../access/content-access';
import { callerGrantsJson, CallerGrantsJson } from '../access/grants-sql';
import { CollectionPresenter } from '../collections/collection.presenter';
import { canSee } from '../permissions/content-permissions';
import { SpacePresenter } from '../spaces/space.presenter';
import { ContentGrants } from './content-grants.service';

/** The level that lets someone make, change and delete invite links to a space or collection (its `viewInviteLinks`). */
export const INVITE_LINK_LEVEL: MemberRole = 'admin';

/**
 * The spaces and collections of a page of links, and what one person needs to see them at their
 * level (membership, collection tree, grants): one statement whatever the page holds. Deleted
 * spaces are left out (their links went with them).
 */
const LINK_TARGETS = preparedStatement(
  'content_invite_link_targets',
  `SELECT (SELECT json_build_object('role', m.role) FROM organization_members m
            WHERE m.organization_id = $1 AND m.user_id = $2 AND NOT m.disabled) AS member,
          ${collectionTreeJson('$1')} AS tree,
          ${callerGrantsJson('$1', '$2')} AS grants,
          (SELECT COALESCE(json_agg(row_to_json(s)), '[]'::json)
             FROM (SELECT ${spaceColumns('t')} FROM spaces t WHERE t.organization_id = $1 AND t.id = ANY($3::text[]) AND t.deleted_at IS NULL) s) AS spaces,
          (SELECT COALESCE(json_agg(row_to_json(c)), '[]'::json)
             FROM (SELECT t.* FROM collections t WHERE t.organization_id = $1 AND t.id = ANY($4::text[])) c) AS collections`,
);

interface LinkTargetsRow {
  member: { role: MemberRoleOrGuest } | null;
  tree: CollectionTreeJson;
  grants: CallerGrantsJson;
  spaces: Record<string, any>[];
  collections: Record<string, any>[];
}

/** Identity's `InviteLinkTargets`, answered by content's access rules, presenters and grants. */
@Injectable()
export class ContentInviteLinkTargets extends InviteLinkTargets {
  constructor(
    private readonly access: ContentAccess,
    private readonly sql: SqlPool,
    private readonly grants: ContentGrants,
    private readonly spaces: SpacePresenter,
    private readonly collections: CollectionPresenter,
  ) {
    super();
  }

  async requireAdministrable(organizationId: string, target: InviteLinkTarget, caller: Caller, level: MemberRole, known: boolean): Promise<void> {
    const found: SpaceAccess | CollectionAccess | undefined =
      target.kind === 'space' ? await this.access.findSpace(target.id, caller.userId) : await this.access.findCollection(target.id, caller.userId);
    const object = found && ('space' in found ? found.space : found.collection);
    const live = object !== undefined && object.organizationId === organizationId && !('deletedAt' in object && object.deletedAt);
    if (!found || !live || (!canSee(found.level) && !known)) throw new NotFoundException(`No ${target.kind} has the id ${target.id}.`);
    const label = `${target.kind} ${target.id}`;
    requireLevel(found.level, INVITE_LINK_LEVEL, label, 'manage its invite links');
    // Nobody hands out more than they hold (an admin of the object holds every level).
    requireLevel(found.level, level, label, `make an invite link with the ${level} level`);
  }

  async present(organizationId: string, targets: InviteLinkTarget[], userId: string): Promise<Map<string, PresentedTarget>> {
    const presented = new Map<string, PresentedTarget>();
    if (targets.length === 0) return presented;
    const ids = (kind: InviteLinkTarget['kind']) => [...new Set(targets.filter((t) => t.kind === kind).map((t) => t.id))];
    const row = await this.sql.first<LinkTargetsRow>(LINK_TARGETS, [organizationId, userId, ids('space'), ids('collection')]);
    if (!row) return presented;
    // Outsiders (someone who holds the link before joining) have no level anywhere.
    const scope = row.member ? organizationContentOf(organizationId, row.member.role, row.tree, [], row.grants) : undefined;
    for (const json of row.spaces) {
      const space = spaceFromRow(withDates(json, ['created_at', 'updated_at', 'deleted_at']));
      const level = scope ? scope.spaceLevel(space) : null;
      presented.set(targetKey({ kind: 'space', id: space.id }), { object: this.spaces.present(space, level), level });
    }
    for (const json of row.collections) {
      const collection = collectionFromRow(withDates(json, ['created_at', 'updated_at']));
      const level = scope ? scope.collectionLevel(collection) : null;
      presented.set(targetKey({ kind: 'collection', id: collection.id }), { object: this.collections.present(collection, level), level });
    }
    return presented;
  }

  async grant(tx: EntityManager, organizationId: string, target: InviteLinkTarget, userId: string, level: MemberRole): Promise<void> {
    // Held until the transaction ends, so a concurrent delete or transfer waits for the grant (and removes it).
    const table = target.kind === 'space' ? 'spaces' : 'collections';
    const live = target.kind === 'space' ? 'AND deleted_at IS NULL' : '';
    const rows: unknown[] = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1 AND organization_id = $2 ${live} FOR SHARE`, [target.id, organizationId]);
    if (rows.length === 0) throw new NotFoundException(`The ${target.kind} of this invite link is gone: ask for a new link.`);
    await this.grants.grantByLink(tx, organizationId, target, userId, level);
  }
}

/** Timestamps of a row that came through JSON, as the Dates the row readers expect. */
function withDates(row: Record<string, any>, columns: string[]): Record<string, any> {
  const copy = { ...row };
  for (const column of columns) if (copy[column] !== null && copy[column] !== undefined) copy[column] = new Date(copy[column]);
  return copy;
}
