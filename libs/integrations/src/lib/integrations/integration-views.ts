import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Caller, OrganizationAccess, OrganizationEntity, OrganizationPresenter, TeamOwnership } from '@docs/identity';
import { In, Repository } from 'typeorm';
import type { IntegrationDto } from './integration.dto';
import type { IntegrationEntity } from './integration.entity';
import { IntegrationPresenter } from './integration.presenter';

/**
 * Presents a page of integrations for one caller in a fixed number of queries: the owners, the
 * caller's memberships (their role in each owner, and whether they administer any organization),
 * and team ownership.
 */
@Injectable()
export class IntegrationViews {
  constructor(
    @InjectRepository(OrganizationEntity) private readonly organizations: Repository<OrganizationEntity>,
    private readonly access: OrganizationAccess,
    private readonly teamOwnership: TeamOwnership,
    private readonly organizationPresenter: OrganizationPresenter,
    private readonly presenter: IntegrationPresenter,
  ) {}

  async present(caller: Caller, integrations: IntegrationEntity[]): Promise<IntegrationDto[]> {
    if (integrations.length === 0) return [];
    const ownerIds = [...new Set(integrations.map((i) => i.ownerOrganizationId))];
    const [owners, memberships, ownsTeam] = await Promise.all([
      this.organizations.findBy({ id: In(ownerIds) }),
      this.access.memberships(caller.userId),
      this.teamOwnership.organizationsWhereOwner(caller.userId, ownerIds),
    ]);
    const ownerById = new Map(owners.map((o) => [o.id, o]));
    const roleByOrganization = new Map(memberships.map((m) => [m.organizationId, m.role]));
    const adminSomewhere = memberships.some((m) => m.role === 'admin');
    return integrations.map((integration) => {
      const organizationId = integration.ownerOrganizationId;
      const isMember = roleByOrganization.has(organizationId);
      const role = roleByOrganization.get(organizationId) ?? null;
      const owner = this.organizationPresenter.present(ownerById.get(organizationId)!, { role, ownsTeam: ownsTeam.has(organizationId) });
      // Outsiders see who publishes an integration, not what they could do in that organization.
      if (!isMember) owner.permissions = { ...owner.permissions, view: false, listMembers: false, listTeams: false, listIntegrations: false };
      const admin = role === 'admin';
      const install = integration.visibility === 'private' ? admin : adminSomewhere;
      return this.presenter.present(integration, owner, { admin, install });
    });
  }

  async presentOne(caller: Caller, integration: IntegrationEntity): Promise<IntegrationDto> {
    return (await this.present(caller, [integration]))[0];
  }
}
