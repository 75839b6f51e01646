import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Caller, OrganizationAccess } from '@docs/identity';
import { Clock, newId, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, QueryFailedError, Repository } from 'typeorm';
import { configurationProblems } from '../integrations/configuration-schema';
import type { IntegrationEntity } from '../integrations/integration.entity';
import type { PresentedIntegration } from '../integrations/viewed-integration';
import type { ConfigurationLevel } from '../integrations/integration-values';
import { IntegrationsService } from '../integrations/integrations.service';
import type { InstallIntegrationDto, UpdateInstallationDto } from './dto/installation-bodies.dto';
import { InstallationEntity } from './installation.entity';
import { InstallationEvents } from './installation-events';

/** An installation as one caller sees it. */
export interface InstallationView {
  integration: PresentedIntegration;
  installation: InstallationEntity;
  /** The caller is an admin of the organization it is installed on: they may change it. */
  canManage: boolean;
}

/**
 * Installations of integrations on organizations. Seen by the members (with a role) of that
 * organization and by the admins of the integration's owning organization; changed by the
 * admins of the organization it is installed on.
 */
@Injectable()
export class InstallationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(InstallationEntity) private readonly installations: Repository<InstallationEntity>,
    private readonly integrations: IntegrationsService,
    private readonly organizations: OrganizationAccess,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly events: InstallationEvents,
  ) {}

  async install(name: string, caller: Caller, input: InstallIntegrationDto): Promise<InstallationEntity> {
    const integration = await this.integrations.requireVisible(name, caller);
    const membership = await this.organizations.find(input.organization, caller.userId);
    if (!membership) throw new NotFoundException(`organization: no organization has the id ${input.organization}.`);
    if (membership.role !== 'admin') throw new ForbiddenException('Only admins of an organization can install integrations on it.');
    if (integration.visibility === 'private' && integration.ownerOrganizationId !== input.organization) {
      throw new ForbiddenException(`${name} is private: only the organization that publishes it can install it.`);
    }
    const configuration = checkedConfiguration(integration, 'account', input.configuration);
    const now = this.clock.now();
    const installation = this.installations.create({
      id: newId(),
      integrationName: name,
      organizationId: input.organization,
      status: 'active',
      configuration,
      externalIds: [],
      spaceSelection: 'selected',
      siteSelection: 'selected',
      createdAt: now,
      updatedAt: now,
    });
    try {
      await this.dataSource.transaction(async (tx) => {
        await tx.insert(InstallationEntity, installation);
        await this.events.setup(tx, installation, caller.userId);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(`${name} is already installed on organization ${input.organization}.`);
      throw error;
    }
    return installation;
  }

  /** The installation if the caller may see it; 404 otherwise (also for another integration's id). */
  async require(name: string, installationId: string, caller: Caller): Promise<InstallationView> {
    // The caller's role in the owning organization comes with the integration.
    const { integration, viewer } = await this.integrations.requireViewed(name, caller);
    const installation = await this.installations.findOneBy({ id: installationId, integrationName: name });
    const notFound = () => new NotFoundException(`No installation of ${name} has the id ${installationId}.`);
    if (!installation) throw notFound();
    const membership = await this.organizations.find(installation.organizationId, caller.userId);
    const ownerAdmin = viewer.role === 'admin';
    if (!(membership && membership.role !== null) && !ownerAdmin) throw notFound();
    return { integration, installation, canManage: membership?.role === 'admin' };
  }

  async requireManaged(name: string, installationId: string, caller: Caller): Promise<InstallationView> {
    const view = await this.require(name, installationId, caller);
    if (!view.canManage) throw new ForbiddenException('Only admins of the organization it is installed on can change or remove an installation.');
    return view;
  }

  /** Newest first: the installations the caller may see. */
  async list(name: string, caller: Caller, filters: { externalId?: string; page?: string; limit?: number }): Promise<Page<InstallationEntity>> {
    const { viewer } = await this.integrations.requireViewed(name, caller);
    const ownerAdmin = viewer.role === 'admin';
    const query = this.installations.createQueryBuilder('ii').where('ii.integration_name = :name', { name });
    if (!ownerAdmin) {
      const memberships = await this.organizations.memberships(caller.userId);
      query.andWhere('ii.organization_id = ANY(:organizationIds)', {
        organizationIds: memberships.filter((m) => m.role !== null).map((m) => m.organizationId),
      });
    }
    if (filters.externalId !== undefined) query.andWhere('ii.external_ids @> ARRAY[CAST(:externalId AS text)]', { externalId: filters.externalId });
    return this.paginator.paginate(
      query,
      [
        sortKey<InstallationEntity>('ii.created_at', 'DESC', 'timestamp', (i) => i.createdAt),
        sortKey<InstallationEntity>('ii.id', 'DESC', 'text', (i) => i.id),
      ],
      { scope: ['installations', name, caller.userId, filters.externalId ?? ''].join(':'), page: filters.page, limit: filters.limit },
    );
  }

  async update(name: string, installationId: string, caller: Caller, input: UpdateInstallationDto): Promise<InstallationEntity> {
    const { integration, installation } = await this.requireManaged(name, installationId, caller);
    const changes: Partial<InstallationEntity> = { updatedAt: this.clock.now() };
    if (input.configuration !== undefined) changes.configuration = checkedConfiguration(integration, 'account', input.configuration);
    if (input.externalIds !== undefined) changes.externalIds = [...new Set(input.externalIds)];
    if (input.space_selection !== undefined) changes.spaceSelection = input.space_selection;
    if (input.site_selection !== undefined) changes.siteSelection = input.site_selection;
    const previous = { status: installation.status, configuration: installation.configuration };
    await this.dataSource.transaction(async (tx) => {
      await tx.update(InstallationEntity, { id: installation.id }, changes);
      await this.events.setup(tx, Object.assign(installation, changes), caller.userId, previous);
    });
    return installation;
  }

  /** Removes the installation with its space and site installations (cascading). */
  async uninstall(name: string, installationId: string, caller: Caller): Promise<void> {
    const { installation } = await this.requireManaged(name, installationId, caller);
    await this.dataSource.transaction(async (tx) => {
      await this.events.deleted(tx, [installation], caller.userId);
      await tx.delete(InstallationEntity, { id: installation.id });
    });
  }

  /** Spaces each installation is turned on for (live spaces still in its organization): one query. */
  async spaceCounts(installationIds: string[]): Promise<Map<string, number>> {
    if (installationIds.length === 0) return new Map();
    const rows: { installation_id: string; n: number }[] = await this.dataSource.query(
      `SELECT si.installation_id, count(*)::int AS n
         FROM integration_space_installations si
         JOIN integration_installations ii ON ii.id = si.installation_id
         JOIN spaces s ON s.id = si.space_id AND s.organization_id = ii.organization_id AND s.deleted_at IS NULL
        WHERE si.installation_id = ANY($1)
        GROUP BY si.installation_id`,
      [installationIds],
    );
    return new Map(rows.map((row) => [row.installation_id, row.n]));
  }
}

/**
 * The configuration checked against the integration's schema for `level`, with defaults filled
 * in; 400 naming each problem. Absent: an empty configuration, checked the same way.
 */
export function checkedConfiguration(integration: Pick<IntegrationEntity, 'configurations'>, level: ConfigurationLevel, given: Record<string, unknown> | undefined): Record<string, unknown> {
  const configuration = structuredClone(given ?? {});
  const problems = configurationProblems(integration.configurations[level], configuration);
  if (problems.length > 0) throw new BadRequestException(problems.join('; '));
  return configuration;
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '23505';
}
