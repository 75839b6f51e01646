import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ContentAccess } from '@docs/content';
import type { Caller } from '@docs/identity';
import { In, Repository } from 'typeorm';
import { sitePolicy } from '../access/site-policy';
import { SiteEntity } from './site.entity';
import { SiteViews } from './site-views';

/**
 * What other domains may ask of sites without going through HTTP: find one of an organization's
 * sites, present several as the caller sees them. apps/api binds integrations' `SiteDirectory`
 * to it (integrations may not import sites: they are siblings above content).
 */
@Injectable()
export class SiteCatalog {
  constructor(
    @InjectRepository(SiteEntity) private readonly sites: Repository<SiteEntity>,
    private readonly views: SiteViews,
    private readonly content: ContentAccess,
  ) {}

  async findSite(organizationId: string, siteId: string): Promise<{ id: string; organizationId: string; title: string } | null> {
    const site = await this.sites.findOne({ select: { id: true, organizationId: true, title: true }, where: { id: siteId, organizationId } });
    return site ? { id: site.id, organizationId: site.organizationId, title: site.title } : null;
  }

  /** The reference's `Site` of each of these sites that `caller` may read, keyed by id. */
  async presentSites(organizationId: string, siteIds: string[], caller: Caller): Promise<Map<string, object>> {
    if (siteIds.length === 0) return new Map();
    const org = await this.content.requireOrganization(organizationId, caller);
    if (!sitePolicy.read(org.orgRole)) return new Map();
    const sites = await this.sites.findBy({ organizationId, id: In(siteIds) });
    const presented = await this.views.present(sites);
    return new Map(presented.map((site) => [site.id, site as object]));
  }
}
