import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, Repository } from 'typeorm';
import { SamlProviderPresenter } from '../saml/saml-provider.presenter';
import { SamlProviderEntity } from '../saml/saml-provider.entity';
import type { SsoChoice } from './pages/sign-in-page';

/** Most providers the sign-in page offers (an installation usually has one or two). */
const MAX_CHOICES = 20;

/**
 * The sign-in page's "Sign in with <label>" buttons: every configured SAML provider of the
 * installation (its entity id, SSO URL and certificate set), oldest first, each leading to its
 * start URL with where to come back to.
 */
@Injectable()
export class SsoChoices {
  constructor(
    @InjectRepository(SamlProviderEntity) private readonly providers: Repository<SamlProviderEntity>,
    private readonly presenter: SamlProviderPresenter,
  ) {}

  async list(next: string): Promise<SsoChoice[]> {
    const configured = await this.providers.find({
      where: { entityId: Not(IsNull()), ssoUrl: Not(IsNull()), certificate: Not(IsNull()) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: MAX_CHOICES,
    });
    return configured.map((provider) => {
      const start = this.presenter.service(provider).startURL;
      return { label: provider.label, url: next === '/' ? start : `${start}?next=${encodeURIComponent(next)}` };
    });
  }
}
