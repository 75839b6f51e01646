import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AccountLinksService, OpenLink } from '../account-links/account-links.service';
import type { AccountLinkPurpose } from '../account-links/account-link.entity';
import { passwordProblem } from '../passwords/password-policy';
import { PasswordsService } from '../passwords/passwords.service';
import { SessionStart, SessionsService, StartedSession } from '../sessions/sessions.service';
import { UserEntity } from '../users/user.entity';
import type { SetPasswordDto } from './dto/set-password.dto';
import { choosePasswordPage } from './pages/choose-password-page';
import { html } from './pages/html';
import { messagePage } from './pages/message-page';

export type LinkPageKind = 'password' | 'invitation';

export type SetPasswordOutcome =
  | { kind: 'signed-in'; started: StartedSession; next: string }
  | { kind: 'page'; status: number; message: string; html: string };

const PURPOSES: Record<LinkPageKind, readonly AccountLinkPurpose[]> = {
  password: ['choose-password', 'reset-password'],
  invitation: ['invitation'],
};

const EXPIRED = 'This link no longer works: it was used already, or it expired. Ask for a new one.';

/**
 * What a one-time link opens: a page to choose a password (the first start's link, a reset), or
 * to accept an invitation (choose a password if the person has none). Setting the password
 * uses the link, sets the password (ending any other session), and signs the person in, in one
 * transaction: a link that fails half-way stays usable.
 */
@Injectable()
export class PasswordLinksFlow {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly links: AccountLinksService,
    private readonly passwords: PasswordsService,
    private readonly sessions: SessionsService,
  ) {}

  async passwordPage(token: string): Promise<{ status: number; html: string }> {
    const link = await this.openFor('password', token);
    if (!link) return { status: HttpStatus.GONE, html: messagePage('Link expired', EXPIRED, { href: '/auth/forgot-password', label: 'Ask for a new link' }) };
    return { status: 200, html: this.formFor('password', link, token) };
  }

  async invitationPage(token: string): Promise<{ status: number; html: string }> {
    const link = await this.openFor('invitation', token);
    if (!link) return { status: HttpStatus.GONE, html: messagePage('Invitation expired', EXPIRED) };
    if (link.hasPassword) {
      const next = `/o/${link.organizationId}`;
      return {
        status: 200,
        html: messagePage(`Join ${link.organizationTitle}`, `You already have an account (${link.email}): sign in to open ${link.organizationTitle}.`, {
          href: `/auth/sign-in?next=${encodeURIComponent(next)}`,
          label: 'Sign in',
        }),
      };
    }
    return { status: 200, html: this.formFor('invitation', link, token) };
  }

  async setPassword(body: SetPasswordDto, kind: LinkPageKind, start: Omit<SessionStart, 'method'>): Promise<SetPasswordOutcome> {
    const problem = passwordProblem(body.password);
    if (problem) {
      const link = await this.openFor(kind, body.token);
      if (!link) return this.expired(kind);
      return { kind: 'page', status: HttpStatus.BAD_REQUEST, message: `password: ${problem}`, html: this.formFor(kind, link, body.token, problem) };
    }
    const done = await this.dataSource.transaction(async (tx) => {
      const link = await this.links.use(tx, body.token);
      if (!link || !PURPOSES[kind].includes(link.purpose)) return undefined;
      if (kind === 'invitation' && link.hasPassword) return undefined;
      await this.passwords.set(link.userId, body.password, 'link', tx);
      const name = body.displayName?.trim();
      if (kind === 'invitation' && name) await tx.update(UserEntity, { id: link.userId }, { displayName: name });
      const started = await this.sessions.start(link.userId, { ...start, method: 'link' }, tx);
      return { started, next: kind === 'invitation' ? `/o/${link.organizationId}` : '/' };
    });
    if (!done) return this.expired(kind);
    return { kind: 'signed-in', ...done };
  }

  private async openFor(kind: LinkPageKind, token: string): Promise<OpenLink | undefined> {
    if (!token) return undefined;
    const link = await this.links.open(token);
    return link && PURPOSES[kind].includes(link.purpose) ? link : undefined;
  }

  private expired(kind: LinkPageKind): SetPasswordOutcome {
    const html = kind === 'invitation' ? messagePage('Invitation expired', EXPIRED) : messagePage('Link expired', EXPIRED, { href: '/auth/forgot-password', label: 'Ask for a new link' });
    return { kind: 'page', status: HttpStatus.GONE, message: EXPIRED, html };
  }

  private formFor(kind: LinkPageKind, link: OpenLink, token: string, error?: string): string {
    if (kind === 'invitation') {
      return choosePasswordPage({
        title: `Join ${link.organizationTitle}`,
        action: '/auth/invitation',
        token,
        email: link.email,
        askName: true,
        intro: html`<p>You are invited to ${link.organizationTitle}. Choose a password to sign in with ${link.email}.</p>`,
        error,
      });
    }
    return choosePasswordPage({
      title: link.purpose === 'reset-password' ? 'Choose a new password' : 'Choose a password',
      action: '/auth/password',
      token,
      email: link.email,
      error,
    });
  }
}
