import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ContentAccess, OrganizationContent } from '@docs/content';
import type { Caller } from '@docs/identity';
import { Repository } from 'typeorm';
import { SiteEntity } from '../sites/site.entity';
import { sitePolicy } from './site-policy';

/** What a site operation needs: the site, the caller, and the caller's view of the organization's content. */
export interface SiteContext {
  site: SiteEntity;
  caller: Caller;
  /** The caller's role and the caps of every collection: which spaces the caller can read. */
  org: OrganizationContent;
}

export type SiteNeed = 'read' | 'manage';

/**
 * The gate of every site route. Outsiders get 404 for the organization, guests 403 on the
 * organization's lists and 404 for its sites (they see no content), members below admin 403 on
 * what changes a site.
 */
@Injectable()
export class SiteAccess {
  constructor(
    private readonly content: ContentAccess,
    @InjectRepository(SiteEntity) private readonly sites: Repository<SiteEntity>,
  ) {}

  async organization(organizationId: string, caller: Caller, need: SiteNeed, action: string): Promise<OrganizationContent> {
    const org = await this.content.requireOrganization(organizationId, caller);
    if (!sitePolicy.read(org.orgRole)) throw new ForbiddenException(`Guests cannot ${action}.`);
    if (need === 'manage' && !sitePolicy.manage(org.orgRole)) throw new ForbiddenException(`Only members with the admin role can ${action}.`);
    return org;
  }

  async site(organizationId: string, siteId: string, caller: Caller, need: SiteNeed, action: string): Promise<SiteContext> {
    const org = await this.content.requireOrganization(organizationId, caller);
    const site = sitePolicy.read(org.orgRole) ? await this.sites.findOneBy({ id: siteId, organizationId }) : null;
    if (!site) throw siteNotFound(siteId);
    if (need === 'manage' && !sitePolicy.manage(org.orgRole)) throw new ForbiddenException(`Only members with the admin role can ${action}.`);
    return { site, caller, org };
  }
}

export function siteNotFound(siteId: string): NotFoundException {
  return new NotFoundException(`No site of this organization has the id ${siteId}.`);
}
