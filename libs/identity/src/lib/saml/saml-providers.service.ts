import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Clock, newId, Page, Paginator, sortKey } from '@docs/platform';
import { Repository } from 'typeorm';
import { organizationPolicy, Viewer } from '../access/organization-policy';
import type { MemberRoleOrGuest } from '../members/member-role';
import { TeamEntity } from '../teams/team.entity';
import { SamlProviderEntity } from './saml-provider.entity';
import { isConfigured } from './saml-provider.presenter';

export interface SamlProviderInput {
  label?: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string | null;
  defaultRole?: MemberRoleOrGuest;
}

/** SAML identity providers of an organization: admins only. */
@Injectable()
export class SamlProvidersService {
  constructor(
    @InjectRepository(SamlProviderEntity) private readonly providers: Repository<SamlProviderEntity>,
    @InjectRepository(TeamEntity) private readonly teams: Repository<TeamEntity>,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  async create(organizationId: string, viewer: Viewer, input: SamlProviderInput & { label: string }): Promise<SamlProviderEntity> {
    requireAdmin(viewer);
    await this.assertTeam(organizationId, input.defaultTeam);
    const provider = this.providers.create({
      id: newId(),
      organizationId,
      label: input.label,
      entityId: input.entityID ?? null,
      certificate: input.certificate?.trim() ?? null,
      ssoUrl: input.ssoURL ?? null,
      defaultTeamId: input.defaultTeam ?? null,
      defaultRole: input.defaultRole === undefined ? 'read' : input.defaultRole,
      createdAt: this.clock.now(),
    });
    await this.providers.insert(provider);
    return provider;
  }

  /** Newest first. */
  list(organizationId: string, viewer: Viewer, page: { page?: string; limit?: number }): Promise<Page<SamlProviderEntity>> {
    requireAdmin(viewer);
    const query = this.providers.createQueryBuilder('p').where('p.organization_id = :organizationId', { organizationId });
    return this.paginator.paginate(
      query,
      [
        sortKey<SamlProviderEntity>('p.created_at', 'DESC', 'timestamp', (p) => p.createdAt),
        sortKey<SamlProviderEntity>('p.id', 'DESC', 'text', (p) => p.id),
      ],
      { scope: `saml:${organizationId}`, ...page },
    );
  }

  /**
   * 404 before 403: a provider the viewer cannot see (unknown, another organization's, or, for
   * non-admins, one `GET /sso` does not show them) is a 404; one they see, a 403 for non-admins.
   */
  async get(organizationId: string, viewer: Viewer, providerId: string): Promise<SamlProviderEntity> {
    const provider = await this.providers.findOneBy({ id: providerId, organizationId });
    const visible = provider && (organizationPolicy.manageSaml(viewer) || isConfigured(provider));
    if (!provider || !visible) throw new NotFoundException(`No SAML provider of this organization has the id ${providerId}.`);
    requireAdmin(viewer);
    return provider;
  }

  async update(organizationId: string, viewer: Viewer, providerId: string, input: SamlProviderInput): Promise<SamlProviderEntity> {
    const provider = await this.get(organizationId, viewer, providerId);
    await this.assertTeam(organizationId, input.defaultTeam);
    const changes: Partial<SamlProviderEntity> = {};
    if (input.label !== undefined) changes.label = input.label;
    if (input.entityID !== undefined) changes.entityId = input.entityID;
    if (input.certificate !== undefined) changes.certificate = input.certificate.trim();
    if (input.ssoURL !== undefined) changes.ssoUrl = input.ssoURL;
    if (input.defaultTeam !== undefined) changes.defaultTeamId = input.defaultTeam;
    if (input.defaultRole !== undefined) changes.defaultRole = input.defaultRole;
    if (Object.keys(changes).length > 0) await this.providers.update({ id: provider.id }, changes);
    return { ...provider, ...changes };
  }

  async delete(organizationId: string, viewer: Viewer, providerId: string): Promise<void> {
    const provider = await this.get(organizationId, viewer, providerId);
    await this.providers.delete({ id: provider.id });
  }

  /** The providers members can sign in with: the configured ones, oldest first. Any member may ask. */
  listLogins(organizationId: string): Promise<SamlProviderEntity[]> {
    return this.providers.find({ where: { organizationId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** 400 unless `teamId` is a team of this organization. */
  private async assertTeam(organizationId: string, teamId: string | null | undefined): Promise<void> {
    if (teamId === undefined || teamId === null) return;
    if (!(await this.teams.existsBy({ id: teamId, organizationId }))) {
      throw new BadRequestException(`defaultTeam: no team of this organization has the id ${teamId}.`);
    }
  }
}

function requireAdmin(viewer: Viewer): void {
  if (!organizationPolicy.manageSaml(viewer)) throw new ForbiddenException('Only admins can manage SAML providers.');
}
