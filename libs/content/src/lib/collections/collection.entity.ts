import { OrganizationEntity } from '@docs/identity';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import type { DefaultLevel } from '../permissions/content-permissions';

/** A collection groups spaces and other collections of one organization. */
@Entity('collections')
// (organization_id, COALESCE(parent_id, ''), position, id): siblings in their stored order.
// An expression index, which TypeORM cannot describe: the migration owns it.
@Index('collections_sibling_order_idx', { synchronize: false })
@Index('collections_parent_idx', ['parentId'])
@Check('collections_default_level_check', `default_level IN ('admin', 'create', 'review', 'edit', 'comment', 'read', 'inherit')`)
export class CollectionEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'collections_pkey' })
  id: string;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  /** null: at the top level of the organization. */
  @Column({ name: 'parent_id', type: 'text', nullable: true })
  parentId: string | null;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** A role caps the members' level, 'inherit' takes the parent's, null: members get no access. */
  @Column({ name: 'default_level', type: 'text', nullable: true, default: 'inherit' })
  defaultLevel: DefaultLevel;

  /** Order key among its siblings (see ordering/order-key.ts). */
  @Column({ type: 'text', collation: 'C' })
  position: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'collections_organization_fk' })
  organization?: Relation<OrganizationEntity>;

  @ManyToOne(() => CollectionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_id', foreignKeyConstraintName: 'collections_parent_fk' })
  parent?: Relation<CollectionEntity>;
}
