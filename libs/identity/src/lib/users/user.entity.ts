import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('users')
@Index('users_email_key', ['email'], { unique: true })
// Trigram indexes (pg_trgm) serve case-insensitive "contains" searches; TypeORM cannot
// describe them, so the migration owns them.
@Index('users_display_name_trgm_idx', { synchronize: false })
@Index('users_email_trgm_idx', { synchronize: false })
export class UserEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'users_pkey' })
  id: string;

  /** Stored lower-cased: one account per address, whatever case it is typed in. */
  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName: string;

  @Column({ name: 'photo_url', type: 'text', nullable: true })
  photoUrl: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
