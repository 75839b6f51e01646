import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { ContentInstallationDto, InstallationDto } from './installation.dto';
import type { InstallationEntity } from './installation.entity';
import type { SiteInstallationEntity } from './site-installation.entity';
import type { SpaceInstallationEntity } from './space-installation.entity';

/** Installations -> the reference's IntegrationInstallation, IntegrationSpaceInstallation, IntegrationSiteInstallation. */
@Injectable()
export class InstallationPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(installation: InstallationEntity, spaces: number): InstallationDto {
    const { integrationName: name, id } = installation;
    return {
      id,
      status: installation.status,
      space_selection: installation.spaceSelection,
      site_selection: installation.siteSelection,
      spaces,
      configuration: installation.configuration,
      createdAt: installation.createdAt.toISOString(),
      updatedAt: installation.updatedAt.toISOString(),
      urls: {
        location: this.urls.api('v1/integrations', name, 'installations', id),
        app: this.urls.app('o', installation.organizationId, 'integrations', name),
        publicEndpoint: this.urls.api('integrations', name, 'installations', id, 'endpoint'),
      },
      externalIds: installation.externalIds,
      target: { organization: installation.organizationId },
    };
  }

  presentOnSpace(integrationName: string, row: SpaceInstallationEntity, space: string | object): ContentInstallationDto {
    return {
      ...this.content(integrationName, row, 'spaces', row.spaceId),
      space,
    };
  }

  presentOnSite(integrationName: string, row: SiteInstallationEntity, site: string | object): ContentInstallationDto {
    return {
      ...this.content(integrationName, row, 'sites', row.siteId),
      site,
    };
  }

  private content(
    name: string,
    row: SpaceInstallationEntity | SiteInstallationEntity,
    kind: 'spaces' | 'sites',
    targetId: string,
  ): ContentInstallationDto {
    return {
      integration: name,
      installation: row.installationId,
      status: row.status,
      configuration: row.configuration,
      externalIds: row.externalIds,
      urls: {
        location: this.urls.api('v1/integrations', name, 'installations', row.installationId, kind, targetId),
        publicEndpoint: this.urls.api('integrations', name, 'installations', row.installationId, kind, targetId, 'endpoint'),
      },
    };
  }
}
