import { Injectable, Logger } from '@nestjs/common';
import { defineJob, HandlesJob, JobHandler } from '@docs/platform';
import { AccountLinksService } from '../account-links/account-links.service';
import { SessionsService } from './sessions.service';

/** Hourly: an ended session is refused on read already; the sweep keeps the tables small. */
export const SignInSweepJob = defineJob<Record<string, never>>('identity.sign-in-sweep', { every: () => 3600 });

/** Removes the sessions past their idle or absolute end and the one-time links past theirs. */
@Injectable()
@HandlesJob(SignInSweepJob)
export class SignInSweepHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger('SignInSweep');

  constructor(
    private readonly sessions: SessionsService,
    private readonly links: AccountLinksService,
  ) {}

  async handle(): Promise<{ sessions: number; links: number }> {
    const swept = { sessions: await this.sessions.removeExpired(), links: await this.links.removeExpired() };
    this.logger.debug(swept, 'expired sessions and links removed');
    return swept;
  }
}
