import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SamlProviderEntity } from './saml-provider.entity';

/**
 * An AuthnRequest sent to a provider that no response has answered yet: a response naming it in
 * `InResponseTo` is accepted once, before `expiresAt`.
 */
@Entity('saml_requests')
@Index('saml_requests_expires_idx', ['expiresAt'])
export class SamlRequestEntity {
  @PrimaryColumn({ name: 'provider_id', type: 'text', primaryKeyConstraintName: 'saml_requests_pkey' })
  providerId: string;

  /** The request's `ID` attribute. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'saml_requests_pkey' })
  id: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt: Date;

  @ManyToOne(() => SamlProviderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'provider_id', foreignKeyConstraintName: 'saml_requests_provider_fk' })
  provider?: SamlProviderEntity;
}
