import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SessionAuthenticator } from '@docs/identity';
import { APP_CONFIG, AppConfig, Public, SessionCookie } from '@docs/platform';
import type { Request, Response } from 'express';
import { APP_SHELL_HEADERS, appShellPage } from './app-shell-page';
import { APP_SHELL_SCRIPT } from './app-shell-script';

/**
 * Where every `urls.app` lands (APP_URL, by default the API's own origin): without a session, the
 * sign-in page, which comes back here once signed in; with one, the app shell naming the object.
 */
@ApiExcludeController()
@Public()
@Controller()
export class AppShellController {
  private readonly cookie: SessionCookie;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionAuthenticator,
  ) {
    this.cookie = new SessionCookie(config.urls.app, config.sessions.maxSeconds);
  }

  @Get(['/', 'o/*rest', 's/*rest', 'c/*rest', 'integrations/*rest'])
  async open(@Req() req: Request, @Res() res: Response): Promise<void> {
    const value = this.cookie.read(req.headers);
    const caller = value ? await this.sessions.authenticate(value) : undefined;
    if (!caller) {
      res.set('Cache-Control', 'no-store').redirect(303, `/auth/sign-in?next=${encodeURIComponent(req.originalUrl)}`);
      return;
    }
    res.status(200).set(APP_SHELL_HEADERS).send(appShellPage(caller.user?.email ?? ''));
  }

  @Get('app-shell.js')
  script(@Res() res: Response): void {
    res.status(200).set({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' }).send(APP_SHELL_SCRIPT);
  }
}
