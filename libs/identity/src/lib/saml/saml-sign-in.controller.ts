import { Controller, Get, Inject, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig, Public, SessionCookie } from '@docs/platform';
import type { Request, Response } from 'express';
import { messagePage } from '../sign-in/pages/message-page';
import { sendPage } from '../sign-in/pages/send-page';
import { safeNext } from '../sign-in/safe-next';
import type { ConfiguredSamlProvider } from './saml-provider.presenter';
import { SamlRefusal } from './saml-refusal';
import { SamlSignInService } from './saml-sign-in.service';

export const SAML_METADATA_MEDIA_TYPE = 'application/samlmetadata+xml';

/**
 * A browser's (and an identity provider's) side of SAML sign-in, at the URLs `service` of a
 * provider names, outside `/v1`: the metadata, the start (a redirect to the provider), the
 * assertion consumer service (the provider's HTTP-POST). Public: the provider's answer, not a
 * session or a token, says who the person is. The ACS is posted from the provider's site, so the
 * rule against cross-site writes does not apply to it (its signature is what protects it).
 */
@ApiExcludeController()
@Public()
@Controller('sso/saml/:providerId')
export class SamlSignInController {
  private readonly cookie: SessionCookie;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly saml: SamlSignInService,
  ) {
    this.cookie = new SessionCookie(config.urls.app, config.sessions.maxSeconds);
  }

  @Get('metadata')
  async metadata(@Param('providerId') providerId: string, @Res() res: Response): Promise<void> {
    const provider = await this.configured(providerId, res);
    if (!provider) return;
    res.status(200).set({ 'Content-Type': `${SAML_METADATA_MEDIA_TYPE}; charset=utf-8`, 'X-Content-Type-Options': 'nosniff' }).send(this.saml.metadata(provider));
  }

  @Get('start')
  async start(@Param('providerId') providerId: string, @Query('next') next: unknown, @Res() res: Response): Promise<void> {
    const provider = await this.configured(providerId, res);
    if (!provider) return;
    res.set('Cache-Control', 'no-store').redirect(302, await this.saml.startUrl(provider, safeNext(next)));
  }

  @Post('acs')
  async acs(@Param('providerId') providerId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const provider = await this.configured(providerId, res);
    if (!provider) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body['SAMLResponse'] !== 'string' || body['SAMLResponse'] === '') {
      sendPage(res, 400, messagePage('Sign-in failed', 'No SAML response was sent: sign in again from the start.'));
      return;
    }
    try {
      const { started, next } = await this.saml.signIn(provider, body['SAMLResponse'], body['RelayState'], {
        replacing: this.cookie.read(req.headers),
        userAgent: req.headers['user-agent'],
      });
      res.setHeader('Set-Cookie', this.cookie.set(started.value));
      res.set('Cache-Control', 'no-store').redirect(303, next);
    } catch (error) {
      if (!(error instanceof SamlRefusal)) throw error;
      sendPage(res, 403, messagePage('Sign-in refused', error.shown));
    }
  }

  /** The provider, or a 404 page answered (an unknown provider, or one not configured yet). */
  private async configured(providerId: string, res: Response): Promise<ConfiguredSamlProvider | undefined> {
    try {
      return await this.saml.provider(providerId);
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
      sendPage(res, 404, messagePage('Unknown identity provider', 'No identity provider of this installation has this address.'));
      return undefined;
    }
  }
}
