import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SamlProviderEntity } from '../saml/saml-provider.entity';
import { UserEntity } from '../users/user.entity';

export const SIGN_IN_METHODS = ['password', 'saml', 'link'] as const;
/** How a session began: a password, a SAML provider, or a one-time link (a password chosen through it). */
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A person signed in from one browser. The cookie holds a secret whose SHA-256 is `tokenHash`. */
@Entity('sessions')
@Check('sessions_method_check', `method IN ('password', 'saml', 'link')`)
@Index('sessions_token_hash_key', ['tokenHash'], { unique: true })
@Index('sessions_user_idx', ['userId', 'createdAt'])
@Index('sessions_expires_idx', ['expiresAt'])
// Partial (WHERE saml_provider_id IS NOT NULL): the migration owns it.
@Index('sessions_saml_provider_idx', { synchronize: false })
export class SessionEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'sessions_pkey' })
  id: string;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  method: SignInMethod;

  @Column({ name: 'saml_provider_id', type: 'text', nullable: true })
  samlProviderId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  /** Moved at most once a minute by the requests of the session: the idle lifetime counts from it. */
  @Column({ name: 'last_seen_at', type: 'timestamptz', precision: 3 })
  lastSeenAt: Date;

  /** The absolute end (SESSION_MAX after sign-in), whatever the activity. */
  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt: Date;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'sessions_user_fk' })
  user?: UserEntity;

  @ManyToOne(() => SamlProviderEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'saml_provider_id', foreignKeyConstraintName: 'sessions_saml_provider_fk' })
  samlProvider?: SamlProviderEntity | null;
}
