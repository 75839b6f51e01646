import { SpaceEntity } from '@docs/content';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';

/** The last change request number handed out in a space (an upsert increments it: never reused). */
@Entity('change_request_numbers')
export class ChangeRequestNumberEntity {
  @PrimaryColumn({ name: 'space_id', type: 'text', primaryKeyConstraintName: 'change_request_numbers_pkey' })
  spaceId: string;

  @Column({ name: 'last_number', type: 'integer' })
  lastNumber: number;

  @ManyToOne(() => SpaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'space_id', foreignKeyConstraintName: 'change_request_numbers_space_fk' })
  space?: Relation<SpaceEntity>;
}
