import { HttpException, HttpStatus, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import { PasswordHasher } from '../passwords/password-hasher';
import { PASSWORD_MAX_LENGTH } from '../passwords/password-policy';
import { SessionStart, SessionsService, StartedSession } from '../sessions/sessions.service';
import { normalizeEmail } from '../users/users.service';
import { AccountEvents } from './account-events';
import { SIGN_IN_FAILURES_ALLOWED, SignInLockout } from './sign-in-lockout';

const FIND_CREDENTIALS = preparedStatement(
  'sign_in_find_credentials',
  `SELECT u.id, p.hash FROM users u LEFT JOIN user_passwords p ON p.user_id = u.id WHERE u.email = $1`,
);

/** The one answer to a wrong password, an unknown address and an address without a password alike. */
export const WRONG_CREDENTIALS = 'The email or the password is wrong.';

/** 429 with the seconds to wait, for the filter to put in Retry-After. */
export class SignInLockedException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Too many failed sign-ins for this address: try again in ${Math.ceil(retryAfterSeconds / 60)} minute${retryAfterSeconds > 60 ? 's' : ''}, or reset the password.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Signing in with an email and a password. Whatever the address (a member's, a person's without a
 * password, nobody's) the request does the same work: it counts the attempt, reads the address's
 * row, verifies the password against its hash or a decoy of the same cost, and answers the same
 * 401; what differs (the failure event of a known person) is written after the answer.
 */
@Injectable()
export class SignInService {
  private readonly logger = new Logger('SignIn');

  constructor(
    private readonly sql: SqlPool,
    private readonly hasher: PasswordHasher,
    private readonly lockout: SignInLockout,
    private readonly sessions: SessionsService,
    private readonly events: AccountEvents,
  ) {}

  async withPassword(email: string, password: string, start: Omit<SessionStart, 'method'>): Promise<StartedSession> {
    const address = normalizeEmail(email);
    const admission = await this.lockout.admit(address);
    if (!admission.admitted) {
      this.logger.warn({ retryAfterSeconds: admission.retryAfterSeconds }, 'sign-in refused: too many failures for the address');
      throw new SignInLockedException(admission.retryAfterSeconds);
    }
    const row = await this.sql.first<{ id: string; hash: string | null }>(FIND_CREDENTIALS, [address]);
    // A password longer than any we accept cannot be right; hashing it anyway keeps the time.
    const verified = await this.hasher.verify(row?.hash ?? undefined, password.slice(0, PASSWORD_MAX_LENGTH * 4));
    if (!verified || !row) {
      this.logger.warn({ userId: row?.id, attempt: admission.attempt }, 'sign-in failed: wrong email or password');
      if (row) {
        this.events.emitLater('member_sign_in_failed', { userId: row.id, reason: 'password' });
        if (admission.attempt === SIGN_IN_FAILURES_ALLOWED) this.recordLockout(row.id, address);
      }
      throw new UnauthorizedException(WRONG_CREDENTIALS);
    }
    await this.lockout.forget(address);
    return this.sessions.start(row.id, { ...start, method: 'password' });
  }

  /** The tenth failure locked a member's address: logged and emitted after the answer (its time must not tell). */
  private recordLockout(userId: string, address: string): void {
    setImmediate(() => {
      this.lockout
        .windowEnd(address)
        .then((until) => {
          this.logger.warn({ userId, until: until.toISOString() }, 'sign-in locked for the address');
          this.events.emitLater('member_locked_out', { userId, until: until.toISOString() });
        })
        .catch((error: unknown) => this.logger.error({ err: error, userId }, 'could not record a lockout'));
    });
  }
}
