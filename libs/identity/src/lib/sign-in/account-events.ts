import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainEvent, EventOutbox, EventPayloads } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';

type AccountEventType =
  | 'member_signed_in'
  | 'member_signed_out'
  | 'member_sign_in_failed'
  | 'member_locked_out'
  | 'member_password_changed'
  | 'member_token_created'
  | 'member_token_revoked';

/**
 * What a person does with their account (signing in and out, their password, their tokens) is an
 * event of each organization they belong to: every one of them may watch its members' sign-ins.
 * A SAML sign-in concerns the provider's organization only (`organizationId`).
 */
@Injectable()
export class AccountEvents {
  private readonly logger = new Logger('AccountEvents');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
  ) {}

  /** In the transaction of the change (the event exists if and only if it commits). */
  async emit<T extends AccountEventType>(tx: EntityManager, type: T, payload: EventPayloads[T], options: { organizationId?: string } = {}): Promise<void> {
    const userId = (payload as { userId: string }).userId;
    const organizations: string[] = options.organizationId
      ? [options.organizationId]
      : (await tx.query(`SELECT organization_id FROM organization_members WHERE user_id = $1`, [userId])).map((row: { organization_id: string }) => row.organization_id);
    await this.outbox.emit(
      tx,
      organizations.map((organizationId) => ({ type, organizationId, actor: userId, payload }) as DomainEvent),
    );
  }

  /**
   * After the answer, in a transaction of its own: for failed sign-ins, whose answer must take the
   * same time whether the address is a member's or nobody's.
   */
  emitLater<T extends AccountEventType>(type: T, payload: EventPayloads[T], options: { organizationId?: string } = {}): void {
    setImmediate(() => {
      this.dataSource
        .transaction((tx) => this.emit(tx, type, payload, options))
        .catch((error: unknown) => this.logger.error({ err: error, type }, 'could not record an account event'));
    });
  }
}
