import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Caller, MemberRoleOrGuest, OrganizationEntity, OrganizationPresenter, TeamOwnership } from '@docs/identity';
import { DataSource, In, Repository } from 'typeorm';
import type { IntegrationDto } from './integration.dto';
import type { IntegrationEntity } from './integration.entity';
import { IntegrationPresenter } from './integration.presenter';

/**
 * Presents a page of integrations for one caller in a fixed number of queries: the owners, the
 * caller's memberships in them, team ownership, and whether the caller administers any organization.
 */
@Injectable()
export class IntegrationViews {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(OrganizationEntity) private readonly organizations: Repository<OrganizationEntity>,
    private readonly teamOwnership: TeamOwnership,
    private readonly organizationPresenter: OrganizationPresenter,
    private readonly presenter: IntegrationPresenter,
  ) {}

  async present(caller: Caller, integrations: IntegrationEntity[]): Promise<IntegrationDto[]> {
    if (integrations.length === 0) return [];
    const ownerIds = [...new Set(integrations.map((i) => i.ownerOrganizationId))];
    const [owners, roles, ownsTeam, adminRows] = await Promise.all([
      this.organizations.findBy({ id: In(ownerIds) }),
      this.dataSource.query(
        `SELECT organization_id, role FROM organization_members WHERE user_id = $1 AND organization_id = ANY($2) AND NOT disabled`,
        [caller.userId, ownerIds],
      ) as Promise<{ organization_id: string; role: MemberRoleOrGuest }[]>,
      this.teamOwnership.organizationsWhereOwner(caller.userId, ownerIds),
      this.dataSource.query(`SELECT 1 FROM organization_members WHERE user_id = $1 AND role = 'admin' AND NOT disabled LIMIT 1`, [
        caller.userId,
      ]) as Promise<unknown[]>,
    ]);
    const ownerById = new Map(owners.map((o) => [o.id, o]));
    const roleByOrganization = new Map(roles.map((r) => [r.organization_id, r.role]));
    const adminSomewhere = adminRows.length > 0;
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
