import { Body, Controller, ForbiddenException, Get, HttpCode, HttpException, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig, bodyMediaType, FORM_MEDIA_TYPE, Public, SessionCookie } from '@docs/platform';
import type { Request, Response } from 'express';
import type { RequestWithCaller } from '../auth/caller';
import { isCrossSiteWrite, originsOf } from '../sessions/cross-site-request';
import { SessionsService, StartedSession } from '../sessions/sessions.service';
import { UserPresenter } from '../users/user.presenter';
import { UsersService } from '../users/users.service';
import { ForgotPasswordDto } from './dto/forgot-password.dto';
import { SetPasswordDto } from './dto/set-password.dto';
import { SignInDto } from './dto/sign-in.dto';
import { forgotPasswordPage } from './pages/forgot-password-page';
import { sendPage } from './pages/send-page';
import { signInPage } from './pages/sign-in-page';
import { PasswordLinksFlow } from './password-links-flow';
import { PasswordResets } from './password-resets';
import { safeNext } from './safe-next';
import { SignInLockedException, SignInService } from './sign-in.service';
import { SsoChoices } from './sso-choices';

/**
 * The browser's way in (`APP_URL/auth/...`, outside `/v1` and its OpenAPI document): pages with
 * plain HTML forms that work without script, and the same routes as JSON for clients that
 * prefer it. A form (`application/x-www-form-urlencoded`) gets pages and redirects (303); JSON
 * gets JSON and the conventions' errors. Every POST must come from this origin (a forged
 * sign-in, "login CSRF", would sign the victim into the attacker's account).
 */
@ApiExcludeController()
@Controller('auth')
export class SignInController {
  private readonly cookie: SessionCookie;
  private readonly ownOrigins: ReadonlySet<string>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly signIn: SignInService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly userPresenter: UserPresenter,
    private readonly resets: PasswordResets,
    private readonly passwordLinks: PasswordLinksFlow,
    private readonly ssoChoices: SsoChoices,
  ) {
    this.cookie = new SessionCookie(config.urls.app, config.sessions.maxSeconds);
    this.ownOrigins = originsOf(config.urls.app, config.urls.api);
  }

  @Public()
  @Get('sign-in')
  async signInPage(@Query('next') next: unknown, @Res() res: Response): Promise<void> {
    const target = safeNext(next);
    sendPage(res, 200, signInPage({ next: target, providers: await this.ssoChoices.list(target) }));
  }

  @Public()
  @Post('sign-in')
  async signInWithPassword(@Body() body: SignInDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.refuseCrossSite(req);
    const next = safeNext(body.next);
    let started: StartedSession;
    try {
      started = await this.signIn.withPassword(body.email, body.password, { replacing: this.cookie.read(req.headers), userAgent: req.headers['user-agent'] });
    } catch (error) {
      if (error instanceof SignInLockedException) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      if (!isForm(req) || !(error instanceof HttpException)) throw error;
      sendPage(res, error.getStatus(), signInPage({ next, email: body.email, error: error.message, providers: await this.ssoChoices.list(next) }));
      return;
    }
    await this.answerSignedIn(req, res, started, next);
  }

  @Public()
  @Post('sign-out')
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.refuseCrossSite(req);
    const value = this.cookie.read(req.headers);
    if (value) await this.sessions.signOut(value);
    res.setHeader('Set-Cookie', this.cookie.clear());
    if (isForm(req)) res.redirect(303, '/auth/sign-in');
    else res.status(204).end();
  }

  /** Not public: the guard authenticates it (a session, or a token of the person). */
  @Post('sign-out-everywhere')
  async signOutEverywhere(@Req() req: Request & RequestWithCaller, @Res() res: Response): Promise<void> {
    this.refuseCrossSite(req);
    await this.sessions.signOutEverywhere(req.caller!.userId);
    res.setHeader('Set-Cookie', this.cookie.clear());
    if (isForm(req)) res.redirect(303, '/auth/sign-in');
    else res.status(204).end();
  }

  @Public()
  @Get('forgot-password')
  forgotPasswordPage(@Query('next') next: unknown, @Res() res: Response): void {
    sendPage(res, 200, forgotPasswordPage({ next: safeNext(next) }));
  }

  /** The same answer whether the address has an account or not: the worker does the rest. */
  @Public()
  @Post('forgot-password')
  @HttpCode(202)
  async forgotPassword(@Body() body: ForgotPasswordDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.refuseCrossSite(req);
    await this.resets.request(body.email);
    if (isForm(req)) sendPage(res, 200, forgotPasswordPage({ next: safeNext(body.next), sent: true }));
    else res.status(202).json({ message: 'If an account uses this address, a link to choose a new password is on its way.' });
  }

  @Public()
  @Get('password')
  async choosePasswordPage(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const shown = await this.passwordLinks.passwordPage(typeof token === 'string' ? token : '');
    sendPage(res, shown.status, shown.html);
  }

  @Public()
  @Post('password')
  async choosePassword(@Body() body: SetPasswordDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.refuseCrossSite(req);
    const outcome = await this.passwordLinks.setPassword(body, 'password', { replacing: this.cookie.read(req.headers), userAgent: req.headers['user-agent'] });
    if (outcome.kind === 'page') {
      if (!isForm(req)) throw new HttpException(outcome.message, outcome.status);
      sendPage(res, outcome.status, outcome.html);
      return;
    }
    await this.answerSignedIn(req, res, outcome.started, outcome.next);
  }

  @Public()
  @Get('invitation')
  async invitationPage(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const shown = await this.passwordLinks.invitationPage(typeof token === 'string' ? token : '');
    sendPage(res, shown.status, shown.html);
  }

  @Public()
  @Post('invitation')
  async acceptInvitation(@Body() body: SetPasswordDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.refuseCrossSite(req);
    const outcome = await this.passwordLinks.setPassword(body, 'invitation', { replacing: this.cookie.read(req.headers), userAgent: req.headers['user-agent'] });
    if (outcome.kind === 'page') {
      if (!isForm(req)) throw new HttpException(outcome.message, outcome.status);
      sendPage(res, outcome.status, outcome.html);
      return;
    }
    await this.answerSignedIn(req, res, outcome.started, outcome.next);
  }

  /** A new session: its cookie, then the page asked for (a form) or the person (JSON, the reference's User). */
  private async answerSignedIn(req: Request, res: Response, started: StartedSession, next: string): Promise<void> {
    res.setHeader('Set-Cookie', this.cookie.set(started.value));
    if (isForm(req)) {
      res.redirect(303, next);
      return;
    }
    res.status(200).json(this.userPresenter.present(await this.users.get(started.session.userId)));
  }

  private refuseCrossSite(req: Request): void {
    if (isCrossSiteWrite(req.method, req.headers, this.ownOrigins)) throw new ForbiddenException(CROSS_SITE);
  }
}

const CROSS_SITE = 'This form must be sent from this application (its Origin is another site).';

function isForm(req: Request): boolean {
  return bodyMediaType(req) === FORM_MEDIA_TYPE;
}

