import type { SiteSectionEntity } from '../sections/site-section.entity';
import type { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteStructure } from '../structure/site-structure';

/** A copy of an entity with some fields replaced (the structure's entities are shared by every request: never changed in place). */
const withFields = <T extends object>(entity: T, fields: Partial<T>): T => Object.assign(Object.create(Object.getPrototypeOf(entity)) as T, entity, fields);

/**
 * What a preview shows of a site: the one site space it names, as the home of the site (its
 * section, if any, the only one; conditions dropped: the preview was asked for it), with
 * `changeRequest`'s head revision in place of its space's when given (and its head's search
 * index: `contentHeads`). Undefined when the site space is gone, or the change request is not of
 * its space.
 */
export function previewStructure(structure: SiteStructure, siteSpaceId: string, changeRequest?: { id: string; spaceId: string; revisionId: string }): SiteStructure | undefined {
  for (const [sectionKey, siteSpaces] of structure.siteSpaces) {
    const siteSpace = siteSpaces.find((candidate) => candidate.id === siteSpaceId);
    if (!siteSpace || !siteSpace.space) continue;
    if (changeRequest && changeRequest.spaceId !== siteSpace.spaceId) return undefined;
    const section = sectionKey === '' ? undefined : structure.sections.find((candidate) => candidate.id === sectionKey);
    if (sectionKey !== '' && !section) return undefined;
    const shown: SiteSpaceEntity = withFields(siteSpace, {
      isDefault: true,
      condition: null,
      space: changeRequest ? withFields(siteSpace.space, { revisionId: changeRequest.revisionId }) : siteSpace.space,
    });
    const shownSection: SiteSectionEntity | undefined = section ? withFields(section, { isDefault: true, condition: null }) : undefined;
    return {
      site: structure.site,
      root: shownSection ? [{ type: 'section', section: shownSection }] : [],
      sections: shownSection ? [shownSection] : [],
      siteSpaces: new Map([[sectionKey, [shown]]]),
      ...(changeRequest ? { contentHeads: new Map([[siteSpace.spaceId, changeRequest.id]]) } : {}),
    };
  }
  return undefined;
}
