import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OrganizationContent, spaceVisibleToMembers } from '@docs/content';
import { DataSource, EntityManager } from 'typeorm';
import { SiteSectionGroupEntity } from '../section-groups/site-section-group.entity';
import { SiteSectionEntity } from '../sections/site-section.entity';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteEntity } from '../sites/site.entity';
import { arrangeStructure, SiteStructure } from './site-structure';

/**
 * Whose view: a member (site spaces of spaces they cannot read are left out), the site's
 * audience (every live space), or `all` (every row, deleted spaces included: what writes need).
 */
export type StructureViewer = OrganizationContent | 'audience' | 'all';

/**
 * Loads the structure of a site in three queries (groups, sections, site spaces with their
 * spaces), whatever its size: every read of a structure, and every change that needs the
 * neighbours of an item, goes through it.
 */
@Injectable()
export class SiteStructureReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async load(site: SiteEntity, viewer: StructureViewer, manager: EntityManager = this.dataSource.manager): Promise<SiteStructure> {
    // One after the other: in a transaction the three share one connection.
    const groups = await manager.find(SiteSectionGroupEntity, { where: { siteId: site.id } });
    const sections = await manager.find(SiteSectionEntity, { where: { siteId: site.id } });
    const siteSpaces = await this.siteSpaces(manager, viewer).andWhere('ss.site_id = :siteId', { siteId: site.id }).getMany();
    return arrangeStructure(site, groups, sections, this.readable(siteSpaces, viewer));
  }

  /** Site spaces with their (live) space, for the viewer; alias `ss` and `s` (the space). */
  siteSpaces(manager: EntityManager, viewer: StructureViewer) {
    const query = manager.createQueryBuilder(SiteSpaceEntity, 'ss').innerJoinAndSelect('ss.space', 's');
    if (viewer !== 'all') query.andWhere('s.deleted_at IS NULL');
    if (typeof viewer !== 'string' && viewer.orgRole !== 'admin') {
      query.andWhere(spaceVisibleToMembers(':hidden'), { hidden: viewer.hiddenCollectionIds() });
    }
    return query;
  }

  /** The SQL filter is coarse (a null default level on the space, a hidden parent); this applies the exact rule. */
  readable(siteSpaces: SiteSpaceEntity[], viewer: StructureViewer): SiteSpaceEntity[] {
    if (typeof viewer === 'string') return siteSpaces;
    return siteSpaces.filter((siteSpace) => viewer.spaceLevel(siteSpace.space!) !== null);
  }
}
