import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { TeamDto } from '../teams/team.dto';
import type { SamlProviderDto, SamlServiceDto } from './dto/saml-provider.dtos';
import type { SamlProviderEntity } from './saml-provider.entity';

/**
 * The reference requires ssoURL (a URI), entityID and certificate even before a provider is
 * configured: unset, they read `about:blank` (the URI of nothing) and empty strings, and
 * `status` says `pending`.
 */
export const UNSET_SSO_URL = 'about:blank';

/** A provider people can sign in with: its SSO URL, entity id and certificate are set. */
export type ConfiguredSamlProvider = SamlProviderEntity & { ssoUrl: string; entityId: string; certificate: string };

export function isConfigured(provider: SamlProviderEntity): provider is ConfiguredSamlProvider {
  return Boolean(provider.ssoUrl && provider.entityId && provider.certificate);
}

@Injectable()
export class SamlProviderPresenter {
  constructor(private readonly urls: PublicUrls) {}

  /** This installation's side of the SAML exchange, derived from the public URL and the provider id. */
  service(provider: SamlProviderEntity): SamlServiceDto {
    return {
      acsURL: this.urls.api('sso/saml', provider.id, 'acs'),
      startURL: this.urls.api('sso/saml', provider.id, 'start'),
      entityID: this.urls.api('sso/saml', provider.id, 'metadata'),
    };
  }

  present(provider: SamlProviderEntity, defaultTeam: TeamDto | undefined): SamlProviderDto {
    return {
      object: 'saml-provider',
      id: provider.id,
      label: provider.label,
      ssoURL: provider.ssoUrl ?? UNSET_SSO_URL,
      entityID: provider.entityId ?? '',
      certificate: provider.certificate ?? '',
      ...(defaultTeam ? { defaultTeam } : {}),
      defaultRole: provider.defaultRole,
      createdAt: provider.createdAt.toISOString(),
      status: isConfigured(provider) ? 'active' : 'pending',
      service: this.service(provider),
      urls: { location: this.urls.api('v1/orgs', provider.organizationId, 'saml', provider.id) },
    };
  }
}
