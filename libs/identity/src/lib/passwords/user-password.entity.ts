import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

/** A person's password, as its argon2id hash (PHC string); no row: they have none (tokens or SSO only). */
@Entity('user_passwords')
export class UserPasswordEntity {
  @PrimaryColumn({ name: 'user_id', type: 'text', primaryKeyConstraintName: 'user_passwords_pkey' })
  userId: string;

  @Column({ type: 'text' })
  hash: string;

  @Column({ name: 'changed_at', type: 'timestamptz', precision: 3 })
  changedAt: Date;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'user_passwords_user_fk' })
  user?: UserEntity;
}
