import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContentAccess } from '@docs/content';
import { Clock, newId, Page, Paginator, preparedStatement, sortKey, SqlPool } from '@docs/platform';
import { DataSource, In } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import { assertCondition } from '../conditions/site-conditions';
import { insertSiteSpace, requirePublishableSpace } from '../site-spaces/site-space-factory';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import { slugOf, uniquePath } from '../structure/paths';
import { byPosition, SiteStructure } from '../structure/site-structure';
import { readableSiteSpaces } from '../structure/site-structure.reader';
import { sectionColumns, sectionFromRow, SITE_SPACE_WITH_SPACE_JSON, siteSpaceFromJson } from '../structure/structure-rows';
import { SiteWriter } from '../structure/site-writer';
import { keyFor } from '../structure/structure-order';
import type { CreateSectionDto, UpdateSectionDto } from './dto/section.dtos';
import { SiteSectionEntity } from './site-section.entity';

/** A section of a list page, with what presenting it needs. */
export interface SectionListItem {
  section: SiteSectionEntity;
  /** Its group's order key (null outside any group): where it sits in the root order. */
  groupPosition: string | null;
  /** The site spaces of live spaces the caller can read, in order. */
  siteSpaces: SiteSpaceEntity[];
}

/** Sections of a site ($1) with their group's order key and their site spaces (of live spaces). */
const SECTION_PAGE = `SELECT ${sectionColumns('sec')}, g.position AS group_position,
       (SELECT COALESCE(json_agg(${SITE_SPACE_WITH_SPACE_JSON}), '[]'::json)
          FROM site_spaces ss JOIN spaces s ON s.id = ss.space_id
         WHERE ss.section_id = sec.id AND s.deleted_at IS NULL) AS site_spaces
  FROM site_sections sec
  LEFT JOIN site_section_groups g ON g.id = sec.group_id
 WHERE sec.site_id = $1`;

/** Their number: carried by the first page's statement; asked alone only for an empty page after a cursor. */
const SECTION_COUNT = `SELECT count(*)::int AS count FROM site_sections WHERE site_id = $1`;
const COUNT_SECTIONS = preparedStatement('sites_count_sections', SECTION_COUNT);

/** Sections of a site: each holds one or more site spaces; one of them is the default. */
@Injectable()
export class SiteSectionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly content: ContentAccess,
    private readonly writer: SiteWriter,
    private readonly paginator: Paginator,
    private readonly sql: SqlPool,
    private readonly clock: Clock,
  ) {}

  /**
   * In structure order: root items by position, a group's sections in place of the group. Each
   * section comes with the site spaces the caller can read, in order: one prepared statement per
   * page (the page, its count and each section's site spaces aggregated in it).
   */
  list(context: SiteContext, page: { page?: string; limit?: number }): Promise<Page<SectionListItem>> {
    const siteId = context.site.id;
    return this.paginator.paginateSql<SectionListItem>(
      {
        name: 'sites_section_page',
        sql: SECTION_PAGE,
        values: [siteId],
        countSql: SECTION_COUNT,
        count: async () => (await this.sql.first<{ count: number }>(COUNT_SECTIONS, [siteId]))?.count ?? 0,
        item: (row) => ({
          section: sectionFromRow(row),
          groupPosition: row.group_position,
          siteSpaces: readableSiteSpaces((row.site_spaces as unknown[][]).map(siteSpaceFromJson), context.org).sort(byPosition),
        }),
      },
      [
        sortKey<SectionListItem>('COALESCE(g.position, sec.position)', 'ASC', 'text', (item) => item.groupPosition ?? item.section.position),
        sortKey<SectionListItem>('sec.position', 'ASC', 'text', (item) => item.section.position),
        sortKey<SectionListItem>('sec.id', 'ASC', 'text', (item) => item.section.id),
      ],
      { scope: ['site-sections', siteId].join(':'), page: page.page, limit: page.limit },
    );
  }

  /**
   * A new section at the end of the site, with a site space of `spaceId`. The first section of a
   * site that has site spaces at its root takes them in (they keep their order and default).
   */
  async create(context: SiteContext, input: CreateSectionDto): Promise<string> {
    const space = await requirePublishableSpace(this.content, context, input.spaceId, 'spaceId');
    const now = this.clock.now();
    return this.writer.change(context.site, async (tx, structure) => {
      const title = input.title ?? (space.title.length >= 2 ? space.title : 'Section');
      const section = tx.create(SiteSectionEntity, {
        id: newId(),
        siteId: context.site.id,
        organizationId: context.site.organizationId,
        groupId: null,
        title,
        description: null,
        path: uniquePath(slugOf(title, 'section'), new Set(structure.sections.map((s) => s.path))),
        icon: input.icon ?? null,
        condition: null,
        isDefault: structure.sections.length === 0,
        position: keyFor(rootOrder(structure), { side: 'end' }),
        createdAt: now,
      });
      await tx.insert(SiteSectionEntity, section);
      const rootSpaces = structure.sections.length === 0 ? (structure.siteSpaces.get('') ?? []) : [];
      if (rootSpaces.length > 0) await tx.update(SiteSpaceEntity, { id: In(rootSpaces.map((s) => s.id)) }, { sectionId: section.id });
      await insertSiteSpace(tx, context, section.id, space, [...rootSpaces], now);
      return section.id;
    });
  }

  async update(context: SiteContext, sectionId: string, input: UpdateSectionDto): Promise<void> {
    if (input.condition) assertCondition(context.site, input.condition);
    await this.writer.change(context.site, async (tx, structure) => {
      const section = requireSection(structure, sectionId);
      const changes: Partial<SiteSectionEntity> = {};
      if (input.title !== undefined) changes.title = input.title;
      if (input.path !== undefined) {
        if (structure.sections.some((s) => s.id !== section.id && s.path === input.path)) {
          throw new ConflictException(`Another section of this site has the path ${input.path}.`);
        }
        changes.path = input.path;
      }
      if (input.condition !== undefined) changes.condition = input.condition;
      if (input.icon !== undefined) changes.icon = input.icon;
      if (input.description !== undefined) changes.description = input.description;
      if (Object.keys(changes).length > 0) await tx.update(SiteSectionEntity, { id: section.id }, changes);
      if (input.defaultSiteSpace !== undefined) {
        const siteSpaces = structure.siteSpaces.get(section.id) ?? [];
        if (!siteSpaces.some((s) => s.id === input.defaultSiteSpace)) {
          throw new BadRequestException(`defaultSiteSpace: no site space of section ${section.id} has the id ${input.defaultSiteSpace}.`);
        }
        await tx.update(SiteSpaceEntity, { id: In(siteSpaces.map((s) => s.id)) }, { isDefault: false });
        await tx.update(SiteSpaceEntity, { id: input.defaultSiteSpace }, { isDefault: true });
      }
    });
  }

  /** Its site spaces go with it; when it was the default, the first remaining section becomes the default. */
  async delete(context: SiteContext, sectionId: string): Promise<void> {
    await this.writer.change(context.site, async (tx, structure) => {
      requireSection(structure, sectionId);
      await tx.delete(SiteSectionEntity, { id: sectionId });
    });
  }
}

/** The root order of a site: groups and sections outside any group. */
export function rootOrder(structure: SiteStructure): { id: string; position: string }[] {
  return structure.root.map((item) => (item.type === 'group' ? item.group : item.section));
}

export function requireSection(structure: SiteStructure, sectionId: string): SiteSectionEntity {
  const section = structure.sections.find((s) => s.id === sectionId);
  if (!section) throw sectionNotFound(sectionId);
  return section;
}

export function sectionNotFound(sectionId: string): NotFoundException {
  return new NotFoundException(`No section of this site has the id ${sectionId}.`);
}
