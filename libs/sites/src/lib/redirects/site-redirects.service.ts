import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PageSummaries } from '@docs/content';
import { Clock, containsPattern, newId, Page, Paginator, sortKey } from '@docs/platform';
import { QueryFailedError, Repository } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import { referenceInputProblem } from '../reference/reference-input';
import type { SiteStructure } from '../structure/site-structure';
import { SiteStructureReader } from '../structure/site-structure.reader';
import { SiteUrls } from '../sites/site-urls';
import { SiteRedirectDestination, SiteRedirectEntity } from './site-redirect.entity';

/**
 * A site's redirects: one per source path below the site, to a section, a site space or a page
 * of a site space that exist when it is written (a 400 otherwise). The site server answers a
 * source no page holds with a 301 to its destination while that still exists.
 */
@Injectable()
export class SiteRedirectsService {
  constructor(
    @InjectRepository(SiteRedirectEntity) private readonly redirects: Repository<SiteRedirectEntity>,
    private readonly reader: SiteStructureReader,
    private readonly pages: PageSummaries,
    private readonly urls: SiteUrls,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  /** By source; `search` keeps those whose source contains it. */
  list(context: SiteContext, query: { page?: string; limit?: number; search?: string }): Promise<Page<SiteRedirectEntity>> {
    const builder = this.redirects.createQueryBuilder('r').where('r.site_id = :siteId', { siteId: context.site.id });
    if (query.search) builder.andWhere('r.source ILIKE :search', { search: containsPattern(query.search) });
    return this.paginator.paginate(
      builder,
      [sortKey<SiteRedirectEntity>('r.source', 'ASC', 'text', (r) => r.source), sortKey<SiteRedirectEntity>('r.id', 'ASC', 'text', (r) => r.id)],
      { scope: ['site-redirects', context.site.id, query.search ?? ''].join(':'), page: query.page, limit: query.limit },
    );
  }

  async create(context: SiteContext, input: { source: string; destination: unknown }): Promise<SiteRedirectEntity> {
    const destination = await this.checkDestination(context, input.destination);
    const now = this.clock.now();
    const redirect = this.redirects.create({ id: newId(), siteId: context.site.id, organizationId: context.site.organizationId, source: input.source, destination, createdAt: now, updatedAt: now });
    await this.saving(input.source, () => this.redirects.insert(redirect));
    return redirect;
  }

  async update(context: SiteContext, redirectId: string, input: { source?: string; destination?: unknown }): Promise<SiteRedirectEntity> {
    if (input.source === undefined && input.destination === undefined) throw new BadRequestException('Give source, destination or both: what to change.');
    const redirect = await this.require(context, redirectId);
    const changes: Partial<SiteRedirectEntity> = { updatedAt: this.clock.now() };
    if (input.source !== undefined) changes.source = input.source;
    if (input.destination !== undefined) changes.destination = await this.checkDestination(context, input.destination);
    await this.saving(changes.source ?? redirect.source, () => this.redirects.update({ id: redirect.id }, changes));
    return Object.assign(redirect, changes);
  }

  async delete(context: SiteContext, redirectId: string): Promise<void> {
    await this.redirects.delete({ id: (await this.require(context, redirectId)).id });
  }

  /** The redirect of `source` and the published URL it leads to (`shareKey` carried); 404 when none, or when it leads nowhere now. */
  async bySource(context: SiteContext, source: string, shareKey: string | undefined): Promise<{ redirect: SiteRedirectEntity; target: string }> {
    const redirect = await this.redirects.findOneBy({ siteId: context.site.id, source });
    if (!redirect) throw new NotFoundException(`No redirect of this site has the source ${source}.`);
    if (!context.site.published) throw new NotFoundException(`Site ${context.site.id} is not published: its redirects lead nowhere yet.`);
    const structure = await this.reader.read(context.site, context.org);
    const target = await this.targetOf(context, structure, redirect.destination);
    if (!target) throw new NotFoundException(`The destination of the redirect of ${source} no longer exists.`);
    return { redirect, target: shareKey ? `${target}?share=${encodeURIComponent(shareKey)}` : target };
  }

  private async targetOf(context: SiteContext, structure: SiteStructure, destination: SiteRedirectDestination): Promise<string | undefined> {
    const { site } = context;
    if (destination.kind === 'site-section') {
      const section = structure.sections.find((s) => s.id === destination.siteSectionId);
      return section && this.urls.section(site, section);
    }
    const found = findSiteSpace(structure, destination.siteSpaceId);
    if (!found) return undefined;
    const section = found.sectionId ? (structure.sections.find((s) => s.id === found.sectionId) ?? null) : null;
    const base = this.urls.siteSpace(site, section, found);
    if (!base || destination.kind === 'site-space') return base;
    const page = (await this.pages.inHead(found.spaceId, [destination.pageId])).get(destination.pageId);
    if (!page || page.path === null) return undefined;
    return `${base}/${page.path.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** The reference's `SiteRedirectDestination`, naming what this site holds now. */
  private async checkDestination(context: SiteContext, value: unknown): Promise<SiteRedirectDestination> {
    const problem = referenceInputProblem('SiteRedirectDestination', value, 'destination');
    if (problem) throw new BadRequestException(problem.startsWith('destination') ? problem : `destination.${problem}`);
    const destination = value as SiteRedirectDestination;
    const structure = await this.reader.read(context.site, context.org);
    if (destination.kind === 'site-section') {
      if (!structure.sections.some((s) => s.id === destination.siteSectionId)) throw new BadRequestException(`destination.siteSectionId: no section of this site has the id ${destination.siteSectionId}.`);
      return destination;
    }
    const siteSpace = findSiteSpace(structure, destination.siteSpaceId);
    if (!siteSpace) throw new BadRequestException(`destination.siteSpaceId: no site space of this site has the id ${destination.siteSpaceId}.`);
    if (destination.kind === 'site-page') {
      const page = (await this.pages.inHead(siteSpace.spaceId, [destination.pageId])).get(destination.pageId);
      if (!page || page.path === null) throw new BadRequestException(`destination.pageId: the space of site space ${siteSpace.id} has no page with the id ${destination.pageId}.`);
    }
    return destination;
  }

  private async require(context: SiteContext, redirectId: string): Promise<SiteRedirectEntity> {
    const redirect = await this.redirects.findOneBy({ id: redirectId, siteId: context.site.id });
    if (!redirect) throw new NotFoundException(`No redirect of this site has the id ${redirectId}.`);
    return redirect;
  }

  private async saving(source: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      const driver = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
      if (driver?.code === '23505' && driver.constraint === 'site_redirects_source_key') throw new ConflictException(`Another redirect of this site has the source ${source}.`);
      throw error;
    }
  }
}

function findSiteSpace(structure: SiteStructure, siteSpaceId: string) {
  for (const list of structure.siteSpaces.values()) {
    const found = list.find((s) => s.id === siteSpaceId);
    if (found) return found;
  }
  return undefined;
}
