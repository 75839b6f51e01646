import { Injectable } from '@nestjs/common';
import { OrganizationDto, OrganizationPresenter } from '@docs/identity';
import type { IntegrationDto } from './integration.dto';
import { IntegrationPresenter } from './integration.presenter';
import type { ViewedIntegration } from './viewed-integration';

/**
 * Presents integrations for one caller from what their read selected with them (owner and the
 * caller's standing, see `viewed-integration.ts`): no query of its own.
 */
@Injectable()
export class IntegrationViews {
  constructor(
    private readonly organizationPresenter: OrganizationPresenter,
    private readonly presenter: IntegrationPresenter,
  ) {}

  present(viewed: ViewedIntegration): IntegrationDto {
    return this.presentWithOwner(viewed, this.presentOwner(viewed));
  }

  /** A page: integrations of one owner share its presentation (a page is usually one or a few owners). */
  presentAll(page: ViewedIntegration[]): IntegrationDto[] {
    const owners = new Map<string, OrganizationDto>();
    return page.map((viewed) => {
      let owner = owners.get(viewed.owner.id);
      if (!owner) owners.set(viewed.owner.id, (owner = this.presentOwner(viewed)));
      return this.presentWithOwner(viewed, owner);
    });
  }

  private presentOwner({ owner, viewer }: ViewedIntegration): OrganizationDto {
    const dto = this.organizationPresenter.present(owner, { role: viewer.role, ownsTeam: viewer.ownsTeam });
    // Outsiders see who publishes an integration, not what they could do in that organization.
    if (!viewer.isMember) dto.permissions = { ...dto.permissions, view: false, listMembers: false, listTeams: false, listIntegrations: false };
    return dto;
  }

  private presentWithOwner({ integration, viewer }: ViewedIntegration, owner: OrganizationDto): IntegrationDto {
    const admin = viewer.role === 'admin';
    const install = integration.visibility === 'private' ? admin : viewer.adminSomewhere;
    return this.presenter.present(integration, owner, { admin, install });
  }
}
