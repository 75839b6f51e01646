import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OrganizationContent, spaceVisibleToMembers } from '@docs/content';
import { preparedStatement, SqlPool } from '@docs/platform';
import { DataSource, EntityManager } from 'typeorm';
import { SiteSectionGroupEntity } from '../section-groups/site-section-group.entity';
import { SiteSectionEntity } from '../sections/site-section.entity';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteEntity } from '../sites/site.entity';
import { arrangeStructure, SiteStructure } from './site-structure';
import { groupFromJson, sectionFromJson, siteSpaceFromJson, StructureJson, structureJson } from './structure-rows';

const STRUCTURE = structureJson('$1');

/** A site's structure (site spaces of live spaces) in one prepared statement. */
const FIND_STRUCTURE = preparedStatement(
  'sites_find_structure',
  `SELECT ${STRUCTURE.groups} AS groups, ${STRUCTURE.sections} AS sections, ${STRUCTURE.siteSpaces} AS site_spaces`,
);

/** Viewers of reads, which never see the site spaces of deleted spaces. */
export type StructureReadViewer = Exclude<StructureViewer, 'all'>;

/**
 * Whose view: a member (site spaces of spaces they cannot read are left out), the site's
 * audience (every live space), or `all` (every row, deleted spaces included: what writes need).
 */
export type StructureViewer = OrganizationContent | 'audience' | 'all';

/**
 * Loads the structure of a site, whatever its size: reads in one prepared statement (`read`, or
 * `fromJson` when the statement also carried the site and the caller's membership), changes in
 * three queries of their transaction (`load`, which also sees deleted spaces).
 */
@Injectable()
export class SiteStructureReader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: SqlPool,
  ) {}

  async read(site: SiteEntity, viewer: StructureReadViewer): Promise<SiteStructure> {
    const row = await this.sql.first<StructureJson>(FIND_STRUCTURE, [site.id]);
    return this.fromJson(site, row as StructureJson, viewer);
  }

  /** A structure read as `structureJson` columns, for the viewer. */
  fromJson(site: SiteEntity, json: StructureJson, viewer: StructureReadViewer): SiteStructure {
    const siteSpaces = json.site_spaces.map(siteSpaceFromJson);
    return arrangeStructure(site, json.groups.map(groupFromJson), json.sections.map(sectionFromJson), this.readable(siteSpaces, viewer));
  }

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

  /**
   * The exact rule of who reads a site space: the caller's level on its space (admins: every
   * one; the audience: every live one). `siteSpaces` below filters coarsely in SQL first;
   * `structureJson` does not (a site holds few site spaces), so this alone decides there.
   */
  readable(siteSpaces: SiteSpaceEntity[], viewer: StructureViewer): SiteSpaceEntity[] {
    return readableSiteSpaces(siteSpaces, viewer);
  }
}

/** `SiteStructureReader.readable`, for lists that read site spaces themselves. */
export function readableSiteSpaces(siteSpaces: SiteSpaceEntity[], viewer: StructureViewer): SiteSpaceEntity[] {
  if (typeof viewer === 'string') return siteSpaces;
  return siteSpaces.filter((siteSpace) => viewer.spaceLevel(siteSpace.space!) !== null);
}
