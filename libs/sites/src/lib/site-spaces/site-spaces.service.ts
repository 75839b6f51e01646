import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContentAccess, spaceVisibleToMembers } from '@docs/content';
import { Clock, Page, Paginator, sortKey } from '@docs/platform';
import { DataSource } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import { assertCondition } from '../conditions/site-conditions';
import { requireSection } from '../sections/site-sections.service';
import type { SiteStructure } from '../structure/site-structure';
import { SiteWriter } from '../structure/site-writer';
import { insertSiteSpace, requirePublishableSpace } from './site-space-factory';
import type { AddSiteSpaceDto, UpdateSiteSpaceDto } from './dto/site-space.dtos';
import { SiteSpaceEntity } from './site-space.entity';

/** Spaces published in a site: at its root when it has no sections, else as variants of a section. */
@Injectable()
export class SiteSpacesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly content: ContentAccess,
    private readonly writer: SiteWriter,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  /**
   * In structure order (by section, then within each), only those whose space the caller can
   * read. `default`: true keeps the default of each section (or of the root), false the others.
   */
  list(context: SiteContext, filters: { default?: boolean; page?: string; limit?: number }): Promise<Page<SiteSpaceEntity>> {
    const query = this.dataSource
      .createQueryBuilder(SiteSpaceEntity, 'ss')
      .innerJoinAndSelect('ss.space', 's')
      .leftJoinAndSelect('ss.section', 'sec')
      .leftJoinAndSelect('sec.group', 'g')
      .where('ss.site_id = :siteId', { siteId: context.site.id })
      .andWhere('s.deleted_at IS NULL');
    if (context.org.orgRole !== 'admin') query.andWhere(spaceVisibleToMembers(':hidden'), { hidden: context.org.hiddenCollectionIds() });
    if (filters.default !== undefined) query.andWhere('ss.is_default = :isDefault', { isDefault: filters.default });
    const scope = ['site-spaces', context.site.id, context.org.orgRole === 'admin' ? '*' : context.caller.userId, String(filters.default ?? '')].join(':');
    return this.paginator.paginate(
      query,
      [
        sortKey<SiteSpaceEntity>(`COALESCE(g.position, sec.position, '')`, 'ASC', 'text', (ss) => ss.section?.group?.position ?? ss.section?.position ?? ''),
        sortKey<SiteSpaceEntity>(`COALESCE(sec.position, '')`, 'ASC', 'text', (ss) => ss.section?.position ?? ''),
        sortKey<SiteSpaceEntity>('ss.position', 'ASC', 'text', (ss) => ss.position),
        sortKey<SiteSpaceEntity>('ss.id', 'ASC', 'text', (ss) => ss.id),
      ],
      { scope, page: filters.page, limit: filters.limit },
    );
  }

  /** At the end of the given section, else of the default section, else of the root of a site without sections. */
  async add(context: SiteContext, input: AddSiteSpaceDto): Promise<string> {
    const space = await requirePublishableSpace(this.content, context, input.spaceId, 'spaceId');
    return this.writer.change(context.site, async (tx, structure) => {
      let sectionId: string | null = null;
      if (input.sectionId !== undefined) {
        if (!structure.sections.some((s) => s.id === input.sectionId)) throw new NotFoundException(`sectionId: no section of this site has the id ${input.sectionId}.`);
        sectionId = input.sectionId;
      } else if (structure.sections.length > 0) {
        sectionId = structure.sections.find((s) => s.isDefault)?.id ?? structure.sections[0].id;
      }
      const siblings = [...(structure.siteSpaces.get(sectionId ?? '') ?? [])];
      return (await insertSiteSpace(tx, context, sectionId, space, siblings, this.clock.now())).id;
    });
  }

  async update(context: SiteContext, siteSpaceId: string, input: UpdateSiteSpaceDto): Promise<void> {
    if (input.condition) assertCondition(context.site, input.condition);
    const space = input.spaceId !== undefined ? await requirePublishableSpace(this.content, context, input.spaceId, 'spaceId') : undefined;
    await this.writer.change(context.site, async (tx, structure) => {
      const siteSpace = requireSiteSpace(structure, siteSpaceId);
      const changes: Partial<SiteSpaceEntity> = {};
      if (input.path !== undefined) {
        const siblings = structure.siteSpaces.get(siteSpace.sectionId ?? '') ?? [];
        if (siblings.some((s) => s.id !== siteSpace.id && s.path === input.path)) {
          throw new ConflictException(`Another site space of ${siteSpace.sectionId ? `section ${siteSpace.sectionId}` : 'this site'} has the path ${input.path}.`);
        }
        changes.path = input.path;
      }
      if (input.condition !== undefined) changes.condition = input.condition;
      if (space) changes.spaceId = space.id;
      if (Object.keys(changes).length > 0) await tx.update(SiteSpaceEntity, { id: siteSpace.id }, changes);
    });
  }

  /** The last site space of a section stays (409: delete the section instead); a default's place goes to the first remaining. */
  async delete(context: SiteContext, siteSpaceId: string): Promise<void> {
    await this.writer.change(context.site, async (tx, structure) => {
      const siteSpace = requireSiteSpace(structure, siteSpaceId);
      if (siteSpace.sectionId && (structure.siteSpaces.get(siteSpace.sectionId)?.length ?? 0) <= 1) {
        requireSection(structure, siteSpace.sectionId);
        throw new ConflictException(`Site space ${siteSpace.id} is the last of section ${siteSpace.sectionId}: delete the section instead.`);
      }
      await tx.delete(SiteSpaceEntity, { id: siteSpace.id });
    });
  }
}

export function requireSiteSpace(structure: SiteStructure, siteSpaceId: string): SiteSpaceEntity {
  for (const siteSpaces of structure.siteSpaces.values()) {
    const found = siteSpaces.find((s) => s.id === siteSpaceId);
    if (found) return found;
  }
  throw new NotFoundException(`No site space of this site has the id ${siteSpaceId}.`);
}
