import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Caller, OrganizationAccess } from '@docs/identity';
import { ContentAccess, SpaceAccess, SpacePresenter, spaceVisibleToMembers } from '@docs/content';
import { Clock, Page, Paginator, sortKey } from '@docs/platform';
import { Repository } from 'typeorm';
import type { InstallOnSpaceDto, UpdateContentInstallationDto } from './dto/installation-bodies.dto';
import type { ContentInstallationDto } from './installation.dto';
import { InstallationPresenter } from './installation.presenter';
import { InstallationEvents } from './installation-events';
import { checkedConfiguration, InstallationsService, InstallationView, isUniqueViolation } from './installations.service';
import { SpaceInstallationEntity } from './space-installation.entity';

/**
 * An installation turned on for spaces of its organization. Turning it on or off, or changing a
 * space's configuration, needs the admin level on that space (the installation's organization
 * admins); reading needs the installation to be visible and the space to be one the caller sees.
 */
@Injectable()
export class SpaceInstallationsService {
  constructor(
    @InjectRepository(SpaceInstallationEntity) private readonly rows: Repository<SpaceInstallationEntity>,
    private readonly installations: InstallationsService,
    private readonly content: ContentAccess,
    private readonly organizations: OrganizationAccess,
    private readonly spacePresenter: SpacePresenter,
    private readonly presenter: InstallationPresenter,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly events: InstallationEvents,
  ) {}

  async install(name: string, installationId: string, caller: Caller, input: InstallOnSpaceDto, extended: boolean): Promise<ContentInstallationDto> {
    const view = await this.installations.requireManaged(name, installationId, caller);
    const { integration, installation } = view;
    if (integration.target !== 'all' && integration.target !== 'space') {
      throw new BadRequestException(`${name} cannot be installed on spaces: its target is ${integration.target}.`);
    }
    const space = await this.requireSpace(view, input.space, caller, 'admin');
    const configuration = checkedConfiguration(integration, 'space', input.configuration);
    const now = this.clock.now();
    const row = this.rows.create({ installationId: installation.id, spaceId: space.space.id, status: 'active', configuration, externalIds: [], createdAt: now, updatedAt: now });
    try {
      await this.rows.manager.transaction(async (tx) => {
        await tx.insert(SpaceInstallationEntity, row);
        await this.events.contentSetup(tx, installation, { spaceId: space.space.id }, row.status, caller.userId);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(`${name} is already installed on space ${input.space}.`);
      throw error;
    }
    return this.present(name, row, space, extended);
  }

  async get(name: string, installationId: string, spaceId: string, caller: Caller, extended: boolean): Promise<ContentInstallationDto> {
    const view = await this.installations.require(name, installationId, caller);
    const space = await this.requireSpace(view, spaceId, caller, 'read');
    return this.present(name, await this.requireRow(view, spaceId), space, extended);
  }

  async update(
    name: string,
    installationId: string,
    spaceId: string,
    caller: Caller,
    input: UpdateContentInstallationDto,
    extended: boolean,
  ): Promise<ContentInstallationDto> {
    const view = await this.installations.requireManaged(name, installationId, caller);
    const space = await this.requireSpace(view, spaceId, caller, 'admin');
    const row = await this.requireRow(view, spaceId);
    const changes: Partial<SpaceInstallationEntity> = { updatedAt: this.clock.now() };
    if (input.configuration !== undefined) changes.configuration = checkedConfiguration(view.integration, 'space', input.configuration);
    if (input.externalIds !== undefined) changes.externalIds = [...new Set(input.externalIds)];
    const previous = { status: row.status, configuration: row.configuration };
    await this.rows.manager.transaction(async (tx) => {
      await tx.update(SpaceInstallationEntity, { installationId: row.installationId, spaceId }, changes);
      await this.events.contentSetup(tx, view.installation, { spaceId }, row.status, caller.userId, previous);
    });
    return this.present(name, Object.assign(row, changes), space, extended);
  }

  async uninstall(name: string, installationId: string, spaceId: string, caller: Caller): Promise<void> {
    const view = await this.installations.requireManaged(name, installationId, caller);
    await this.requireSpace(view, spaceId, caller, 'admin');
    const row = await this.requireRow(view, spaceId);
    await this.rows.manager.transaction(async (tx) => {
      await tx.delete(SpaceInstallationEntity, { installationId: view.installation.id, spaceId });
      await this.events.contentDeleted(tx, view.installation, { spaceId }, row.configuration, caller.userId);
    });
  }

  /** Newest first: the live spaces of the installation's organization that the caller can see. */
  async list(
    name: string,
    installationId: string,
    caller: Caller,
    filters: { page?: string; limit?: number; extended?: boolean },
  ): Promise<Page<ContentInstallationDto>> {
    const { installation } = await this.installations.require(name, installationId, caller);
    const membership = await this.organizations.find(installation.organizationId, caller.userId);
    // Admins of the publishing organization see the installation, not the installer's spaces.
    if (!membership || membership.role === null) return { items: [], count: 0 };
    const scope = await this.content.requireOrganization(installation.organizationId, caller);
    const query = this.rows
      .createQueryBuilder('si')
      .innerJoinAndSelect('si.space', 's', 's.organization_id = :organizationId AND s.deleted_at IS NULL', {
        organizationId: installation.organizationId,
      })
      .where('si.installation_id = :installationId', { installationId: installation.id });
    if (membership.role !== 'admin') query.andWhere(spaceVisibleToMembers(':hidden'), { hidden: scope.hiddenCollectionIds() });
    const page = await this.paginator.paginate(
      query,
      [
        sortKey<SpaceInstallationEntity>('si.created_at', 'DESC', 'timestamp', (r) => r.createdAt),
        sortKey<SpaceInstallationEntity>('si.space_id', 'DESC', 'text', (r) => r.spaceId),
      ],
      { scope: ['space-installations', installation.id, caller.userId].join(':'), page: filters.page, limit: filters.limit },
    );
    return {
      ...page,
      items: page.items.map((row) =>
        this.presenter.presentOnSpace(name, row, filters.extended ? this.spacePresenter.present(row.space!, scope.spaceLevel(row.space!)) : row.spaceId),
      ),
    };
  }

  /** A live space of the installation's organization on which the caller has `level`: 404 / 403 otherwise. */
  private async requireSpace(view: InstallationView, spaceId: string, caller: Caller, level: 'read' | 'admin'): Promise<SpaceAccess> {
    const access = await this.content.requireSpace(spaceId, caller, level, level === 'admin' ? 'manage its integrations' : 'read it');
    if (access.space.organizationId !== view.installation.organizationId) {
      throw new NotFoundException(`No space of the installation's organization has the id ${spaceId}.`);
    }
    return access;
  }

  private async requireRow(view: InstallationView, spaceId: string): Promise<SpaceInstallationEntity> {
    const row = await this.rows.findOneBy({ installationId: view.installation.id, spaceId });
    if (!row) throw new NotFoundException(`${view.integration.name} is not installed on space ${spaceId}.`);
    return row;
  }

  private present(name: string, row: SpaceInstallationEntity, space: SpaceAccess, extended: boolean): ContentInstallationDto {
    return this.presenter.presentOnSpace(name, row, extended ? this.spacePresenter.present(space.space, space.level) : row.spaceId);
  }
}
