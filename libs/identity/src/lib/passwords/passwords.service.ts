import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { AccountLinksService } from '../account-links/account-links.service';
import { SessionsService } from '../sessions/sessions.service';
import { AccountEvents } from '../sign-in/account-events';
import { PasswordHasher } from './password-hasher';
import { passwordProblem } from './password-policy';
import { UserPasswordEntity } from './user-password.entity';

/** Who set a password: the person through a link or their session, or the operator's CLI. */
export type PasswordChangeBy = 'link' | 'session' | 'cli';

/**
 * Setting a person's password: checked against the policy (400 naming `password`), hashed, and
 * in the same transaction every session of theirs ends and their other password links stop
 * working, so a stolen session or an old reset mail is worth nothing afterwards.
 */
@Injectable()
export class PasswordsService {
  private readonly logger = new Logger('Passwords');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly sessions: SessionsService,
    private readonly links: AccountLinksService,
    private readonly events: AccountEvents,
  ) {}

  /** Refuses a password the policy refuses, before anything is read or written. */
  check(password: string): void {
    const problem = passwordProblem(password);
    if (problem) throw new BadRequestException(`password: ${problem}`);
  }

  async set(userId: string, password: string, by: PasswordChangeBy, tx?: EntityManager): Promise<void> {
    this.check(password);
    const hash = await this.hasher.hash(password);
    const write = async (manager: EntityManager) => {
      await manager.upsert(UserPasswordEntity, { userId, hash, changedAt: this.clock.now() }, ['userId']);
      const ended = await this.sessions.endAllOf(userId, manager);
      await this.links.retirePasswordLinks(manager, userId);
      await this.events.emit(manager, 'member_password_changed', { userId });
      this.logger.log({ userId, by, sessionsEnded: ended }, 'password set');
    };
    if (tx) await write(tx);
    else await this.dataSource.transaction(write);
  }
}
