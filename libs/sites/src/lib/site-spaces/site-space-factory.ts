import { NotFoundException } from '@nestjs/common';
import { ContentAccess, SpaceEntity } from '@docs/content';
import { newId } from '@docs/platform';
import type { EntityManager } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import { slugOf, uniquePath } from '../structure/paths';
import { keyFor } from '../structure/structure-order';
import { SiteSpaceEntity } from './site-space.entity';

/**
 * A space the caller may publish in the site: one they can read, of the site's organization,
 * not deleted. Anything else is a 404 naming `field` (its existence is not revealed).
 */
export async function requirePublishableSpace(content: ContentAccess, context: SiteContext, spaceId: string, field: string): Promise<SpaceEntity> {
  const found = await content.findSpace(spaceId, context.caller.userId);
  const visible = found && !found.space.deletedAt && found.level !== null && found.space.organizationId === context.site.organizationId;
  if (!visible) throw new NotFoundException(`${field}: no space of this organization has the id ${spaceId}.`);
  return found.space;
}

/** Inserts a site space for `space` at the end of `siblings` (the site spaces of its section, or of the root), and appends it there. */
export async function insertSiteSpace(
  tx: EntityManager,
  context: SiteContext,
  sectionId: string | null,
  space: SpaceEntity,
  siblings: SiteSpaceEntity[],
  now: Date,
): Promise<SiteSpaceEntity> {
  const siteSpace = tx.create(SiteSpaceEntity, {
    id: newId(),
    siteId: context.site.id,
    organizationId: context.site.organizationId,
    sectionId,
    spaceId: space.id,
    path: uniquePath(slugOf(space.title, 'space'), new Set(siblings.map((s) => s.path))),
    condition: null,
    isDefault: siblings.length === 0,
    position: keyFor(siblings, { side: 'end' }),
    createdAt: now,
  });
  await tx.insert(SiteSpaceEntity, siteSpace);
  siblings.push(siteSpace);
  return siteSpace;
}
