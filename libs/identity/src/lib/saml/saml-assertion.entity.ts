import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SamlProviderEntity } from './saml-provider.entity';

/** An assertion that signed someone in, remembered while it could still be accepted, so that it never is twice. */
@Entity('saml_assertions')
@Index('saml_assertions_expires_idx', ['expiresAt'])
export class SamlAssertionEntity {
  @PrimaryColumn({ name: 'provider_id', type: 'text', primaryKeyConstraintName: 'saml_assertions_pkey' })
  providerId: string;

  /** The assertion's `ID` attribute. */
  @PrimaryColumn({ name: 'assertion_id', type: 'text', primaryKeyConstraintName: 'saml_assertions_pkey' })
  assertionId: string;

  /** The assertion's `NotOnOrAfter` plus the clock skew allowed: until then it would pass every other check. */
  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt: Date;

  @ManyToOne(() => SamlProviderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'provider_id', foreignKeyConstraintName: 'saml_assertions_provider_fk' })
  provider?: SamlProviderEntity;
}
