import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Caller, OrganizationAccess } from '@docs/identity';
import { Clock, newId, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, Repository } from 'typeorm';
import { COLLECTION_VISIBLE_TO_MEMBERS, ContentAccess } from '../access/content-access';
import { ContentLevel } from '../permissions/content-permissions';
import type { MoveDto } from '../ordering/dto/move.dto';
import { requireMoveTarget } from '../ordering/placement';
import { SiblingOrder } from '../ordering/sibling-order';
import { SpacesService } from '../spaces/spaces.service';
import { dropAccessGoingWithCollection } from '../grants/access-going-with-content';
import { CollectionEntity } from './collection.entity';
import { COLLECTION_SUBTREE } from './collection-subtree-sql';
import type { CreateCollectionDto } from './dto/create-collection.dto';
import type { UpdateCollectionDto } from './dto/update-collection.dto';

/** A collection and the caller's level on it: what the presenter needs. */
export interface CollectionView {
  collection: CollectionEntity;
  level: ContentLevel;
}

@Injectable()
export class CollectionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(CollectionEntity) private readonly collections: Repository<CollectionEntity>,
    private readonly access: ContentAccess,
    private readonly organizations: OrganizationAccess,
    private readonly order: SiblingOrder,
    private readonly spaces: SpacesService,
    private readonly clock: Clock,
    private readonly paginator: Paginator,
  ) {}

  async get(collectionId: string, caller: Caller): Promise<CollectionView> {
    const { collection, level } = await this.access.requireCollection(collectionId, caller, 'read', 'read it');
    return { collection, level };
  }

  async create(organizationId: string, caller: Caller, input: CreateCollectionDto): Promise<CollectionView> {
    const membership = await this.organizations.require(organizationId, caller);
    const parentId = input.parent ?? null;
    await this.access.requirePlacement(organizationId, parentId, caller, membership.role, 'create collections there');
    const id = newId();
    await this.dataSource.transaction(async (tx) => {
      await this.order.lock(tx, organizationId);
      await this.order.assertParentExists(tx, organizationId, parentId);
      const now = this.clock.now();
      await tx.insert(CollectionEntity, {
        id,
        organizationId,
        parentId,
        title: input.title ?? 'Untitled',
        description: null,
        defaultLevel: 'inherit',
        position: await this.order.keyFor(tx, organizationId, parentId, { side: 'end' }),
        createdAt: now,
        updatedAt: now,
      });
    });
    return this.view(id, caller);
  }

  /**
   * The collections of an organization the caller can see: with `nested` (the default) every
   * one, top-level ones first, then by parent, each group in its stored order; without, only the
   * top level.
   */
  async list(
    organizationId: string,
    caller: Caller,
    query: { nested?: boolean; page?: string; limit?: number },
  ): Promise<Page<CollectionView>> {
    const scope = await this.access.requireOrganization(organizationId, caller);
    if (scope.orgRole === null && scope.grants.empty) return { items: [], count: 0 }; // a guest sees only what is granted to them
    const nested = query.nested ?? true;
    const builder = this.collections.createQueryBuilder('c').where('c.organization_id = :organizationId', { organizationId });
    if (!nested) builder.andWhere('c.parent_id IS NULL');
    if (scope.orgRole !== 'admin') builder.andWhere(COLLECTION_VISIBLE_TO_MEMBERS, { hidden: scope.hiddenCollectionIds() });
    const result = await this.paginator.paginate(
      builder,
      [
        sortKey<CollectionEntity>(`COALESCE(c.parent_id, '')`, 'ASC', 'text', (c) => c.parentId ?? ''),
        sortKey<CollectionEntity>('c.position', 'ASC', 'text', (c) => c.position),
        sortKey<CollectionEntity>('c.id', 'ASC', 'text', (c) => c.id),
      ],
      { scope: `collections:${organizationId}:${caller.userId}:nested=${nested}`, page: query.page, limit: query.limit },
    );
    return { ...result, items: result.items.map((collection) => ({ collection, level: scope.collectionLevel(collection) })) };
  }

  async update(collectionId: string, caller: Caller, input: UpdateCollectionDto): Promise<CollectionView> {
    const { collection } = await this.access.requireCollection(collectionId, caller, 'admin', 'change its settings');
    const changes: Partial<CollectionEntity> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.defaultLevel !== undefined) changes.defaultLevel = input.defaultLevel;
    if (Object.keys(changes).length > 0) {
      await this.collections.update(
        { id: collection.id, organizationId: collection.organizationId },
        { ...changes, updatedAt: this.clock.now() },
      );
    }
    return this.view(collection.id, caller);
  }

  /**
   * Deletes a collection and every collection nested in it. The live spaces inside, at any
   * depth, are soft-deleted at the same instant: each can be restored for 7 days and lands at the
   * top level (its collection is gone). All in one transaction.
   */
  async delete(collectionId: string, caller: Caller): Promise<void> {
    const { collection } = await this.access.requireCollection(collectionId, caller, 'admin', 'delete it');
    await this.dataSource.transaction(async (tx) => {
      await this.order.lock(tx, collection.organizationId);
      await tx.query(
        `${COLLECTION_SUBTREE}
         UPDATE spaces SET deleted_at = $3
          WHERE organization_id = $2 AND parent_id IN (SELECT id FROM subtree) AND deleted_at IS NULL`,
        [collection.id, collection.organizationId, this.clock.now()],
      );
      await dropAccessGoingWithCollection(tx, collection, 'deleted');
      // Nested collections go by ON DELETE CASCADE; their spaces' parent_id by ON DELETE SET NULL.
      await tx.query(`DELETE FROM collections WHERE id = $1 AND organization_id = $2`, [collection.id, collection.organizationId]);
    });
  }

  /** The live spaces directly in the collection that the caller can see, in their stored order. */
  listSpaces(collectionId: string, caller: Caller, page: { page?: string; limit?: number }) {
    return this.spaces.listInCollection(collectionId, caller, page);
  }

  /** Moves a collection into another (never into itself or a descendant: 400) or to the top level, and/or next to a sibling. */
  async move(collectionId: string, caller: Caller, input: MoveDto): Promise<CollectionView> {
    const access = await this.access.requireCollection(collectionId, caller, 'admin', 'move it');
    const { collection } = access;
    const { parentId, placement } = requireMoveTarget(input, collection.parentId, `Collection ${collection.id}`);
    if (parentId === collection.id) throw new BadRequestException('parent: a collection cannot move inside itself.');
    if (parentId !== collection.parentId) {
      await this.access.requirePlacement(collection.organizationId, parentId, caller, access.orgRole, 'move collections there');
    }
    await this.dataSource.transaction(async (tx) => {
      await this.order.lock(tx, collection.organizationId);
      await this.order.assertParentExists(tx, collection.organizationId, parentId);
      if (parentId !== null) {
        const [{ inside }] = await tx.query(`${COLLECTION_SUBTREE} SELECT $3 = ANY(SELECT id FROM subtree) AS inside`, [
          collection.id,
          collection.organizationId,
          parentId,
        ]);
        if (inside) {
          throw new BadRequestException(`parent: collection ${parentId} is inside collection ${collection.id}; a collection cannot move inside its own descendants.`);
        }
      }
      await tx.update(
        CollectionEntity,
        { id: collection.id, organizationId: collection.organizationId },
        {
          parentId,
          position: await this.order.keyFor(tx, collection.organizationId, parentId, placement, { type: 'collection', id: collection.id }),
          updatedAt: this.clock.now(),
        },
      );
    });
    return this.view(collection.id, caller);
  }

  /**
   * Moves a collection with everything in it (nested collections, spaces, deleted spaces still
   * restorable, their revisions and counts) to the end of the top level of another organization,
   * where the caller must be an admin too.
   */
  async transfer(collectionId: string, caller: Caller, targetOrganizationId: string): Promise<CollectionView> {
    const { collection } = await this.access.requireCollection(collectionId, caller, 'admin', 'transfer it');
    await this.access.requireTransferTarget(targetOrganizationId, caller, collection.organizationId, `Collection ${collection.id}`);
    await this.dataSource.transaction(async (tx) => {
      await this.order.lock(tx, collection.organizationId, targetOrganizationId);
      const position = await this.order.keyFor(tx, targetOrganizationId, null, { side: 'end' });
      const now = this.clock.now();
      await dropAccessGoingWithCollection(tx, collection, 'transferred');
      await tx.query(
        `${COLLECTION_SUBTREE}
         UPDATE spaces SET organization_id = $3, updated_at = $4
          WHERE organization_id = $2 AND parent_id IN (SELECT id FROM subtree)`,
        [collection.id, collection.organizationId, targetOrganizationId, now],
      );
      await tx.query(
        `${COLLECTION_SUBTREE}
         UPDATE collections SET organization_id = $3, updated_at = $4,
                parent_id = CASE WHEN id = $1 THEN NULL ELSE parent_id END,
                position = CASE WHEN id = $1 THEN $5 ELSE position END
          WHERE id IN (SELECT id FROM subtree)`,
        [collection.id, collection.organizationId, targetOrganizationId, now, position],
      );
    });
    return this.view(collection.id, caller);
  }

  private async view(collectionId: string, caller: Caller): Promise<CollectionView> {
    const access = await this.access.findCollection(collectionId, caller.userId);
    if (!access) throw new NotFoundException(`No collection has the id ${collectionId}.`);
    return { collection: access.collection, level: access.level };
  }
}
