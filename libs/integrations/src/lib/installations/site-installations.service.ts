import { BadRequestException, ConflictException, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Caller } from '@docs/identity';
import { Clock, Page, Paginator, sortKey } from '@docs/platform';
import { Repository } from 'typeorm';
import type { InstallOnSiteDto, UpdateContentInstallationDto } from './dto/installation-bodies.dto';
import type { ContentInstallationDto } from './installation.dto';
import { InstallationPresenter } from './installation.presenter';
import { InstallationEvents } from './installation-events';
import { checkedConfiguration, InstallationsService, InstallationView, isUniqueViolation } from './installations.service';
import { SiteDirectory, SiteRef } from './site-directory';
import { SiteInstallationEntity } from './site-installation.entity';

/**
 * An installation turned on for sites of its organization. Changes need the admin role in the
 * installation's organization (as for the installation); reads follow the installation's
 * visibility. Sites are read through SiteDirectory; without one, no site exists.
 */
@Injectable()
export class SiteInstallationsService {
  constructor(
    @InjectRepository(SiteInstallationEntity) private readonly rows: Repository<SiteInstallationEntity>,
    private readonly installations: InstallationsService,
    private readonly presenter: InstallationPresenter,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly events: InstallationEvents,
    @Optional() private readonly sites?: SiteDirectory,
  ) {}

  async install(name: string, installationId: string, caller: Caller, input: InstallOnSiteDto, extended: boolean): Promise<ContentInstallationDto> {
    const view = await this.installations.requireManaged(name, installationId, caller);
    const { integration, installation } = view;
    if (integration.target !== 'all' && integration.target !== 'site') {
      throw new BadRequestException(`${name} cannot be installed on sites: its target is ${integration.target}.`);
    }
    const site = await this.requireSite(view, input.siteId);
    const configuration = checkedConfiguration(integration, 'site', input.configuration);
    const now = this.clock.now();
    const row = this.rows.create({ installationId: installation.id, siteId: site.id, status: 'active', configuration, externalIds: [], createdAt: now, updatedAt: now });
    try {
      await this.rows.manager.transaction(async (tx) => {
        await tx.insert(SiteInstallationEntity, row);
        await this.events.contentSetup(tx, installation, { siteId: site.id }, row.status, caller.userId);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(`${name} is already installed on site ${input.siteId}.`);
      throw error;
    }
    return this.present(view, row, caller, extended);
  }

  async get(name: string, installationId: string, siteId: string, caller: Caller, extended: boolean): Promise<ContentInstallationDto> {
    const view = await this.installations.require(name, installationId, caller);
    await this.requireSite(view, siteId);
    return this.present(view, await this.requireRow(view, siteId), caller, extended);
  }

  async update(
    name: string,
    installationId: string,
    siteId: string,
    caller: Caller,
    input: UpdateContentInstallationDto,
    extended: boolean,
  ): Promise<ContentInstallationDto> {
    const view = await this.installations.requireManaged(name, installationId, caller);
    await this.requireSite(view, siteId);
    const row = await this.requireRow(view, siteId);
    const changes: Partial<SiteInstallationEntity> = { updatedAt: this.clock.now() };
    if (input.configuration !== undefined) changes.configuration = checkedConfiguration(view.integration, 'site', input.configuration);
    if (input.externalIds !== undefined) changes.externalIds = [...new Set(input.externalIds)];
    const previous = { status: row.status, configuration: row.configuration };
    await this.rows.manager.transaction(async (tx) => {
      await tx.update(SiteInstallationEntity, { installationId: row.installationId, siteId }, changes);
      await this.events.contentSetup(tx, view.installation, { siteId }, row.status, caller.userId, previous);
    });
    return this.present(view, Object.assign(row, changes), caller, extended);
  }

  async uninstall(name: string, installationId: string, siteId: string, caller: Caller): Promise<void> {
    const view = await this.installations.requireManaged(name, installationId, caller);
    await this.requireSite(view, siteId);
    const row = await this.requireRow(view, siteId);
    await this.rows.manager.transaction(async (tx) => {
      await tx.delete(SiteInstallationEntity, { installationId: view.installation.id, siteId });
      await this.events.contentDeleted(tx, view.installation, { siteId }, row.configuration, caller.userId);
    });
  }

  /** Newest first. */
  async list(
    name: string,
    installationId: string,
    caller: Caller,
    filters: { page?: string; limit?: number; extended?: boolean },
  ): Promise<Page<ContentInstallationDto>> {
    const view = await this.installations.require(name, installationId, caller);
    if (!this.sites) return { items: [], count: 0 };
    const query = this.rows.createQueryBuilder('si').where('si.installation_id = :installationId', { installationId: view.installation.id });
    const page = await this.paginator.paginate(
      query,
      [
        sortKey<SiteInstallationEntity>('si.created_at', 'DESC', 'timestamp', (r) => r.createdAt),
        sortKey<SiteInstallationEntity>('si.site_id', 'DESC', 'text', (r) => r.siteId),
      ],
      { scope: ['site-installations', view.installation.id, caller.userId].join(':'), page: filters.page, limit: filters.limit },
    );
    const sites = filters.extended
      ? await this.sites.presentSites(view.installation.organizationId, page.items.map((r) => r.siteId), caller)
      : new Map<string, object>();
    return { ...page, items: page.items.map((row) => this.presenter.presentOnSite(name, row, sites.get(row.siteId) ?? row.siteId)) };
  }

  private async requireSite(view: InstallationView, siteId: string): Promise<SiteRef> {
    const site = this.sites ? await this.sites.findSite(view.installation.organizationId, siteId) : null;
    if (!site) throw new NotFoundException(`No site of the installation's organization has the id ${siteId}.`);
    return site;
  }

  private async requireRow(view: InstallationView, siteId: string): Promise<SiteInstallationEntity> {
    const row = await this.rows.findOneBy({ installationId: view.installation.id, siteId });
    if (!row) throw new NotFoundException(`${view.integration.name} is not installed on site ${siteId}.`);
    return row;
  }

  private async present(view: InstallationView, row: SiteInstallationEntity, caller: Caller, extended: boolean): Promise<ContentInstallationDto> {
    const site = extended ? (await this.sites!.presentSites(view.installation.organizationId, [row.siteId], caller)).get(row.siteId) : undefined;
    return this.presenter.presentOnSite(view.integration.name, row, site ?? row.siteId);
  }
}
