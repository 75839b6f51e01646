import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { keyBetween } from './order-key';

/** A space or collection named in a move's `position`. */
export interface SiblingPointer {
  type: 'space' | 'collection';
  id: string;
}

/** Where an item goes among its new siblings. */
export type Placement = { side: 'before' | 'after'; anchor: SiblingPointer } | { side: 'end' };

const TABLES = { space: 'spaces', collection: 'collections' } as const;
// Soft-deleted spaces take no part in the order: they get a fresh place when restored.
const LIVE = { space: 'AND deleted_at IS NULL', collection: '' } as const;

/**
 * Positions of siblings: the spaces and collections directly under one parent collection, or at
 * the top level of an organization, share one order (a space can sit between two collections).
 * Each item stores a fractional key (order-key.ts); placing an item computes one new key from its
 * neighbours and writes nothing else. Callers hold the organization's tree lock (`lock`) in the
 * same transaction, so two placements never compute the same key.
 */
@Injectable()
export class SiblingOrder {
  /**
   * Serializes structural changes (create, move, delete, restore, transfer) in the content of
   * organizations, until the transaction ends. Several organizations are locked in a fixed order.
   */
  async lock(tx: EntityManager, ...organizationIds: string[]): Promise<void> {
    for (const id of [...new Set(organizationIds)].sort()) {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`content-tree:${id}`]);
    }
  }

  /**
   * Under the tree lock: the collection an item is placed in still exists in the organization
   * (it may have been deleted between the caller's access check and the lock). null: the top level.
   */
  async assertParentExists(tx: EntityManager, organizationId: string, parentId: string | null): Promise<void> {
    if (parentId === null) return;
    const rows = await tx.query(`SELECT 1 FROM collections WHERE id = $1 AND organization_id = $2`, [parentId, organizationId]);
    if (rows.length === 0) throw new NotFoundException(`No collection has the id ${parentId}.`);
  }

  /**
   * The key of an item placed under `parentId` (null: the top level) of an organization.
   * `moving` is the item itself when it is already among those siblings (it is ignored as a
   * neighbour). An anchor that is not a sibling there is a 400.
   */
  async keyFor(
    tx: EntityManager,
    organizationId: string,
    parentId: string | null,
    placement: Placement,
    moving?: SiblingPointer,
  ): Promise<string> {
    const group = parentId ?? '';
    const exclude = moving?.id ?? '';
    if (placement.side === 'end') {
      return keyBetween(await this.neighbour(tx, organizationId, group, exclude, 'max', null), null);
    }
    const { anchor, side } = placement;
    if (moving && anchor.type === moving.type && anchor.id === moving.id) {
      throw new BadRequestException(`position.${side}: an item cannot be placed ${side} itself.`);
    }
    const rows: { position: string }[] = await tx.query(
      `SELECT position FROM ${TABLES[anchor.type]}
        WHERE id = $1 AND organization_id = $2 AND COALESCE(parent_id, '') = $3 ${LIVE[anchor.type]}`,
      [anchor.id, organizationId, group],
    );
    if (rows.length === 0) {
      const where = parentId ? `in collection ${parentId}` : 'at the top level of the organization';
      throw new BadRequestException(`position.${side}: no ${anchor.type} ${anchor.id} is ${where}, where the item goes.`);
    }
    const at = rows[0].position;
    return side === 'before'
      ? keyBetween(await this.neighbour(tx, organizationId, group, exclude, 'max', at), at)
      : keyBetween(at, await this.neighbour(tx, organizationId, group, exclude, 'min', at));
  }

  /** The greatest key below `bound` (`max`) or the least above it (`min`) in a group; null when none. */
  private async neighbour(
    tx: EntityManager,
    organizationId: string,
    group: string,
    exclude: string,
    which: 'max' | 'min',
    bound: string | null,
  ): Promise<string | null> {
    const bounded = bound === null ? '' : `AND position ${which === 'max' ? '<' : '>'} $4`;
    const pick = (table: string, live: string) =>
      `(SELECT ${which}(position) FROM ${table}
         WHERE organization_id = $1 AND COALESCE(parent_id, '') = $2 AND id <> $3 ${live} ${bounded})`;
    const rows: { position: string | null }[] = await tx.query(
      `SELECT ${which === 'max' ? 'GREATEST' : 'LEAST'}(${pick('spaces', LIVE.space)}, ${pick('collections', LIVE.collection)}) AS position`,
      bound === null ? [organizationId, group, exclude] : [organizationId, group, exclude, bound],
    );
    return rows[0]?.position ?? null;
  }
}
