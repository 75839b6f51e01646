import { Injectable, Logger } from '@nestjs/common';
import { defineJob, HandlesJob, JobHandler } from '@docs/platform';
import { AccountLinksService } from '../account-links/account-links.service';
import { SamlSignInService } from '../saml/saml-sign-in.service';
import { SessionsService } from './sessions.service';

/** Hourly: an ended session is refused on read already; the sweep keeps the tables small. */
export const SignInSweepJob = defineJob<Record<string, never>>('identity.sign-in-sweep', { every: () => 3600 });

/**
 * Removes the sessions past their idle or absolute end, the one-time links past theirs, the SAML
 * requests no response answered in time and the assertions remembered against replays once they
 * could no longer be accepted anyway.
 */
@Injectable()
@HandlesJob(SignInSweepJob)
export class SignInSweepHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger('SignInSweep');

  constructor(
    private readonly sessions: SessionsService,
    private readonly links: AccountLinksService,
    private readonly saml: SamlSignInService,
  ) {}

  async handle(): Promise<{ sessions: number; links: number; samlRequests: number; samlAssertions: number }> {
    const swept = { sessions: await this.sessions.removeExpired(), links: await this.links.removeExpired(), ...(await this.saml.removeExpired()) };
    this.logger.debug(swept, 'expired sessions, links and SAML requests and assertions removed');
    return swept;
  }
}
