import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Clock, newId, Page, Paginator, sortKey } from '@docs/platform';
import { Repository } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import { rootOrder } from '../sections/site-sections.service';
import { SiteSectionEntity } from '../sections/site-section.entity';
import type { SiteStructure } from '../structure/site-structure';
import { SiteWriter } from '../structure/site-writer';
import { keyFor, keysBetween } from '../structure/structure-order';
import type { CreateSectionGroupDto, UpdateSectionGroupDto } from './dto/section-group.dtos';
import { SiteSectionGroupEntity } from './site-section-group.entity';

/** Groups of sections: entries of a site's root order that hold sections. */
@Injectable()
export class SiteSectionGroupsService {
  constructor(
    @InjectRepository(SiteSectionGroupEntity) private readonly groups: Repository<SiteSectionGroupEntity>,
    private readonly writer: SiteWriter,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
  ) {}

  /** In the root order of the site. */
  list(context: SiteContext, page: { page?: string; limit?: number }): Promise<Page<SiteSectionGroupEntity>> {
    const query = this.groups.createQueryBuilder('g').where('g.site_id = :siteId', { siteId: context.site.id });
    return this.paginator.paginate(
      query,
      [sortKey<SiteSectionGroupEntity>('g.position', 'ASC', 'text', (g) => g.position), sortKey<SiteSectionGroupEntity>('g.id', 'ASC', 'text', (g) => g.id)],
      { scope: ['site-section-groups', context.site.id].join(':'), page: page.page, limit: page.limit },
    );
  }

  /** A group at the end of the site; `sections` move into it, in that order. */
  async create(context: SiteContext, input: CreateSectionGroupDto): Promise<string> {
    return this.writer.change(context.site, async (tx, structure) => {
      const sections = (input.sections ?? []).map((id, index) => {
        const section = structure.sections.find((s) => s.id === id);
        if (!section) throw new NotFoundException(`sections[${index}]: no section of this site has the id ${id}.`);
        return section;
      });
      const group = tx.create(SiteSectionGroupEntity, {
        id: newId(),
        siteId: context.site.id,
        organizationId: context.site.organizationId,
        title: input.title,
        icon: input.icon ?? null,
        position: keyFor(rootOrder(structure), { side: 'end' }),
        createdAt: this.clock.now(),
      });
      await tx.insert(SiteSectionGroupEntity, group);
      const unique = [...new Map(sections.map((s) => [s.id, s])).values()];
      const keys = keysBetween(null, null, unique.length);
      for (const [index, section] of unique.entries()) {
        await tx.update(SiteSectionEntity, { id: section.id }, { groupId: group.id, position: keys[index] });
      }
      return group.id;
    });
  }

  async update(context: SiteContext, groupId: string, input: UpdateSectionGroupDto): Promise<void> {
    await this.writer.change(context.site, async (tx, structure) => {
      requireGroup(structure, groupId);
      const changes: Partial<SiteSectionGroupEntity> = {};
      if (input.title !== undefined) changes.title = input.title;
      if (input.icon !== undefined) changes.icon = input.icon;
      if (Object.keys(changes).length > 0) await tx.update(SiteSectionGroupEntity, { id: groupId }, changes);
    });
  }

  /** The group goes; its sections stay, in the root order where the group was. */
  async delete(context: SiteContext, groupId: string): Promise<void> {
    await this.writer.change(context.site, async (tx, structure) => {
      const group = requireGroup(structure, groupId);
      const root = rootOrder(structure);
      const index = root.findIndex((item) => item.id === group.id);
      const members = structure.sections.filter((s) => s.groupId === group.id);
      const keys = keysBetween(root[index - 1]?.position ?? null, root[index + 1]?.position ?? null, members.length);
      for (const [i, section] of members.entries()) await tx.update(SiteSectionEntity, { id: section.id }, { groupId: null, position: keys[i] });
      await tx.delete(SiteSectionGroupEntity, { id: group.id });
    });
  }

  /** The section moves to the end of the group (from the root or another group). */
  async addSection(context: SiteContext, groupId: string, sectionId: string): Promise<void> {
    await this.writer.change(context.site, async (tx, structure) => {
      requireGroup(structure, groupId);
      const section = structure.sections.find((s) => s.id === sectionId);
      if (!section) throw new NotFoundException(`sectionId: no section of this site has the id ${sectionId}.`);
      if (section.groupId === groupId) return;
      const siblings = structure.sections.filter((s) => s.groupId === groupId);
      await tx.update(SiteSectionEntity, { id: section.id }, { groupId, position: keyFor(siblings, { side: 'end' }) });
    });
  }

  /** The section leaves the group for the root order, just after the group. */
  async removeSection(context: SiteContext, groupId: string, sectionId: string): Promise<void> {
    await this.writer.change(context.site, async (tx, structure) => {
      requireGroup(structure, groupId);
      const section = structure.sections.find((s) => s.id === sectionId && s.groupId === groupId);
      if (!section) throw new NotFoundException(`No section of this group has the id ${sectionId}.`);
      await tx.update(SiteSectionEntity, { id: section.id }, { groupId: null, position: keyFor(rootOrder(structure), { side: 'after', anchorId: groupId }) });
    });
  }
}

export function requireGroup(structure: SiteStructure, groupId: string): SiteSectionGroupEntity {
  const item = structure.root.find((entry) => entry.type === 'group' && entry.group.id === groupId);
  if (!item || item.type !== 'group') throw new NotFoundException(`No section group of this site has the id ${groupId}.`);
  return item.group;
}
