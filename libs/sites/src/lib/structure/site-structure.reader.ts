import { Injectable } from '@nestjs/common';
import type { OrganizationContent } from '@docs/content';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { EntityManager } from 'typeorm';
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

/**
 * Whose view of a structure: a member (site spaces of spaces they cannot read are left out) or
 * the site's audience (every live space). Nobody reads the site spaces of deleted spaces.
 */
export type StructureViewer = OrganizationContent | 'audience';

/**
 * Loads the structure of a site, whatever its size: reads in one prepared statement (`read`, or
 * `fromJson` when the statement also carried the site and the caller's membership), changes in
 * three queries of their transaction (`loadForChange`, which also sees deleted spaces).
 */
@Injectable()
export class SiteStructureReader {
  constructor(private readonly sql: SqlPool) {}

  async read(site: SiteEntity, viewer: StructureViewer): Promise<SiteStructure> {
    const row = await this.sql.first<StructureJson>(FIND_STRUCTURE, [site.id]);
    return this.fromJson(site, row as StructureJson, viewer);
  }

  /** A structure read as `structureJson` columns, for the viewer. */
  fromJson(site: SiteEntity, json: StructureJson, viewer: StructureViewer): SiteStructure {
    const siteSpaces = readableSiteSpaces(json.site_spaces.map(siteSpaceFromJson), viewer);
    return arrangeStructure(site, json.groups.map(groupFromJson), json.sections.map(sectionFromJson), siteSpaces);
  }

  /** Every row of the structure, site spaces of deleted spaces included: what a change works on, in its transaction. */
  async loadForChange(site: SiteEntity, manager: EntityManager): Promise<SiteStructure> {
    // One after the other: in a transaction the three share one connection.
    const groups = await manager.find(SiteSectionGroupEntity, { where: { siteId: site.id } });
    const sections = await manager.find(SiteSectionEntity, { where: { siteId: site.id } });
    const siteSpaces = await manager.find(SiteSpaceEntity, { where: { siteId: site.id }, relations: { space: true } });
    return arrangeStructure(site, groups, sections, siteSpaces);
  }
}

/**
 * The exact rule of who reads a site space: the caller's level on its space (admins: every one;
 * the audience: every live one, as the statements bring them). The statements do not filter in
 * SQL (a site holds few site spaces), so this alone decides.
 */
export function readableSiteSpaces(siteSpaces: SiteSpaceEntity[], viewer: StructureViewer): SiteSpaceEntity[] {
  if (typeof viewer === 'string') return siteSpaces;
  return siteSpaces.filter((siteSpace) => viewer.spaceLevel(siteSpace.space!) !== null);
}
