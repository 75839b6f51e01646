import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContentAccess } from '@docs/content';
import { Clock, newId, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource, In } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import { assertCondition } from '../conditions/site-conditions';
import { insertSiteSpace, requirePublishableSpace } from '../site-spaces/site-space-factory';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import { slugOf, uniquePath } from '../structure/paths';
import type { SiteStructure } from '../structure/site-structure';
import { SiteWriter } from '../structure/site-writer';
import { keyFor } from '../structure/structure-order';
import type { CreateSectionDto, UpdateSectionDto } from './dto/section.dtos';
import { SiteSectionEntity } from './site-section.entity';

/** Sections of a site: each holds one or more site spaces; one of them is the default. */
@Injectable()
export class SiteSectionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly content: ContentAccess,
    private readonly writer: SiteWriter,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  /** In structure order: root items by position, a group's sections in place of the group. */
  list(context: SiteContext, page: { page?: string; limit?: number }): Promise<Page<SiteSectionEntity>> {
    const query = this.dataSource
      .createQueryBuilder(SiteSectionEntity, 'sec')
      .leftJoinAndSelect('sec.group', 'g')
      .where('sec.site_id = :siteId', { siteId: context.site.id });
    return this.paginator.paginate(
      query,
      [
        sortKey<SiteSectionEntity>('COALESCE(g.position, sec.position)', 'ASC', 'text', (s) => s.group?.position ?? s.position),
        sortKey<SiteSectionEntity>('sec.position', 'ASC', 'text', (s) => s.position),
        sortKey<SiteSectionEntity>('sec.id', 'ASC', 'text', (s) => s.id),
      ],
      { scope: ['site-sections', context.site.id].join(':'), page: page.page, limit: page.limit },
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
