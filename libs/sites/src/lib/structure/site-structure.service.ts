import { BadRequestException, Injectable } from '@nestjs/common';
import type { SiteContext } from '../access/site-access';
import { requireGroup } from '../section-groups/site-section-groups.service';
import { SiteSectionGroupEntity } from '../section-groups/site-section-group.entity';
import { requireSection, rootOrder } from '../sections/site-sections.service';
import { SiteSectionEntity } from '../sections/site-section.entity';
import { requireSiteSpace } from '../site-spaces/site-spaces.service';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { StructureItemType } from './dto/sort-structure.dto';
import type { SiteStructure } from './site-structure';
import { SiteWriter } from './site-writer';
import { keyFor, OrderedItem, Placement } from './structure-order';

export interface StructurePointer {
  type: StructureItemType;
  id: string;
}

/** A move: the item, and where it goes (`anchor` absent: the end of its list). */
export interface StructureMove {
  item: StructurePointer;
  side: 'before' | 'after' | 'end';
  anchor?: StructurePointer;
}

/**
 * One ordering of a site's whole structure, changed by `sortSiteStructure` and by the three
 * deprecated moves, which all come here:
 * - a site space moves among the site spaces of its own section (or of the root);
 * - a section moves next to another section (joining that section's group, or the root) or next
 *   to a group (at the root); to the end: the end of the root;
 * - a group moves next to an item of the root order; to the end: the end of the root.
 * Only the moved item's order key (and, for a section, its group) is written.
 */
@Injectable()
export class SiteStructureService {
  constructor(private readonly writer: SiteWriter) {}

  async move(context: SiteContext, move: StructureMove): Promise<void> {
    const { item, anchor, side } = move;
    const where = `position.${side}`;
    if (anchor && anchor.type === item.type && anchor.id === item.id) throw new BadRequestException(`${where}: an item cannot be placed ${side} itself.`);
    await this.writer.change(context.site, async (tx, structure) => {
      if (item.type === 'site-space') {
        const siteSpace = requireSiteSpace(structure, item.id);
        const siblings = (structure.siteSpaces.get(siteSpace.sectionId ?? '') ?? []).filter((s) => s.id !== siteSpace.id);
        if (anchor && (anchor.type !== 'site-space' || !siblings.some((s) => s.id === anchor.id))) {
          throw new BadRequestException(`${where}: a site space moves among the site spaces of its own section; ${anchor.type} ${anchor.id} is not one of them.`);
        }
        await tx.update(SiteSpaceEntity, { id: siteSpace.id }, { position: keyFor(siblings, placement(move)) });
        return;
      }
      if (item.type === 'site-section') {
        const section = requireSection(structure, item.id);
        let groupId: string | null = null;
        if (anchor?.type === 'site-section') {
          const target = structure.sections.find((s) => s.id === anchor.id);
          if (!target) throw new BadRequestException(`${where}: no section of this site has the id ${anchor.id}.`);
          groupId = target.groupId;
        } else if (anchor && anchor.type !== 'site-section-group') {
          throw new BadRequestException(`${where}: a section moves next to a section or a section group, not a ${anchor.type}.`);
        } else if (anchor && !structure.root.some((r) => r.type === 'group' && r.group.id === anchor.id)) {
          throw new BadRequestException(`${where}: no section group of this site has the id ${anchor.id}.`);
        }
        const siblings = listOf(structure, groupId).filter((s) => s.id !== section.id);
        await tx.update(SiteSectionEntity, { id: section.id }, { groupId, position: keyFor(siblings, placement(move)) });
        return;
      }
      const group = requireGroup(structure, item.id);
      const siblings = rootOrder(structure).filter((s) => s.id !== group.id);
      if (anchor && (anchor.type === 'site-space' || !siblings.some((s) => s.id === anchor.id))) {
        throw new BadRequestException(`${where}: a section group moves among the groups and sections at the root of the site; ${anchor.type} ${anchor.id} is not one of them.`);
      }
      await tx.update(SiteSectionGroupEntity, { id: group.id }, { position: keyFor(siblings, placement(move)) });
    });
  }
}

function placement(move: StructureMove): Placement {
  return move.side === 'end' || !move.anchor ? { side: 'end' } : { side: move.side, anchorId: move.anchor.id };
}

/** The sections of a group, or the root order. */
function listOf(structure: SiteStructure, groupId: string | null): OrderedItem[] {
  return groupId ? structure.sections.filter((s) => s.groupId === groupId) : rootOrder(structure);
}
