import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity';

/** An API token. Only the SHA-256 of its value is stored; the value is shown once, at minting. */
@Entity('api_tokens')
@Index('api_tokens_hash_key', ['tokenHash'], { unique: true })
@Index('api_tokens_user_idx', ['userId', 'createdAt'])
export class ApiTokenEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'api_tokens_pkey' })
  id: string;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  label: string;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  /** The first characters of the value, so that an operator can tell tokens apart. */
  @Column({ name: 'display_prefix', type: 'text' })
  displayPrefix: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', precision: 3, nullable: true })
  revokedAt: Date | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'api_tokens_user_fk' })
  user?: UserEntity;
}
