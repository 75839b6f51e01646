import { Injectable } from '@nestjs/common';
import { OrganizationDto } from '@docs/identity';
import { PublicUrls } from '@docs/platform';
import type { IntegrationDto } from './integration.dto';
import type { PresentedIntegration } from './viewed-integration';

/** Public path of an integration's images: `/integration-assets/{name}/{assetId}` (no token needed, ids unguessable). */
export const ASSETS_PATH = 'integration-assets';

/** An integration, its owner as the caller sees it and the caller's permissions -> the reference's Integration. */
@Injectable()
export class IntegrationPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(integration: PresentedIntegration, owner: OrganizationDto, permissions: { admin: boolean; install: boolean }): IntegrationDto {
    const asset = (id: string) => this.urls.api(ASSETS_PATH, integration.name, id);
    const dto: IntegrationDto = {
      object: 'integration',
      name: integration.name,
      version: integration.version,
      title: integration.title,
      description: integration.description,
      previewImages: integration.previewAssetIds.map(asset),
      target: integration.target,
      // Verification is the marketplace operator's stamp; a self-hosted installation has none.
      verified: false,
      visibility: integration.visibility,
      scopes: integration.scopes,
      categories: integration.categories,
      blocks: integration.blocks,
      contentSources: integration.contentSources,
      configurations: integration.configurations,
      externalLinks: integration.externalLinks,
      owner,
      urls: {
        location: this.urls.api('v1/integrations', integration.name),
        app: this.urls.app('integrations', integration.name),
        assets: `${this.urls.api(ASSETS_PATH, integration.name)}/`,
        publicEndpoint: this.urls.api('integrations', integration.name, 'endpoint'),
      },
      permissions,
      events: integration.events,
    };
    // Where its events go is the publisher's business (an internal address, perhaps).
    if (permissions.admin && integration.eventsUrl) dto.eventsURL = integration.eventsUrl;
    if (integration.summary !== null) dto.summary = integration.summary;
    if (integration.iconAssetId) dto.urls.icon = asset(integration.iconAssetId);
    if (integration.contentSecurityPolicy !== null) dto.contentSecurityPolicy = integration.contentSecurityPolicy;
    return dto;
  }
}
