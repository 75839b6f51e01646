import { extname } from 'node:path';
import { Controller, Get, Inject, NotFoundException, Param, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SessionAuthenticator } from '@docs/identity';
import { APP_CONFIG, AppConfig, Public, SessionCookie } from '@docs/platform';
import type { Request, Response } from 'express';
import { assetForm, assetPath, browserAppPage } from './browser-app-files';

/**
 * The browser app (apps/app) at APP_URL, by default the API's own origin: every `urls.app` the API
 * hands out is one of its routes, and so are the person's own pages (`/account/...`). Without a
 * session, the sign-in page, which comes back here once signed in; with one, the app's page, whose
 * script reads the API with the session. Its files have content hashes in their names, so they are
 * cached for a year.
 */
@ApiExcludeController()
@Public()
@Controller()
export class BrowserAppController {
  private readonly cookie: SessionCookie;
  private readonly headers: Record<string, string>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionAuthenticator,
  ) {
    this.cookie = new SessionCookie(config.urls.app, config.sessions.maxSeconds);
    this.headers = browserAppHeaders(new URL(config.urls.published).origin);
  }

  @Get(['/', 'o/*rest', 's/*rest', 'c/*rest', 'integrations/*rest', 'account/*rest', 'join/*rest'])
  async open(@Req() req: Request, @Res() res: Response): Promise<void> {
    const value = this.cookie.read(req.headers);
    const caller = value ? await this.sessions.authenticate(value) : undefined;
    if (!caller) {
      res.set('Cache-Control', 'no-store').redirect(303, `/auth/sign-in?next=${encodeURIComponent(req.originalUrl)}`);
      return;
    }
    const page = browserAppPage();
    if (!page) throw new ServiceUnavailableException('The browser app is not built: npm start builds it (or run npx nx build app).');
    res.status(200).set(this.headers).send(page);
  }

  /** Scripts and styles go compressed (brotli or gzip, built with the app) to browsers that take it. */
  @Get('assets/:name')
  asset(@Param('name') name: string, @Req() req: Request, @Res() res: Response): void {
    const path = assetPath(name);
    if (!path) throw new NotFoundException(`No file of the app is named ${name}.`);
    const form = assetForm(path, (encoding) => req.acceptsEncodings(encoding) === encoding);
    const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', Vary: 'Accept-Encoding' };
    // The type of the file itself, not of its compressed form (send keeps a type already set).
    if (form.encoding) res.type(extname(name)).set('Content-Encoding', form.encoding);
    res.sendFile(form.path, { immutable: true, maxAge: '365d', headers });
  }
}

/**
 * The app's page: its own scripts and styles only, the API on the same origin, no framing of it;
 * it frames only the site server (`publishedOrigin`: the previews of sites and change requests).
 */
export function browserAppHeaders(publishedOrigin: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data: blob:; font-src 'self'; frame-src ${publishedOrigin}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
  };
}
