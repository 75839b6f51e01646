import { Injectable } from '@nestjs/common';
import { SpacePresenter } from '@docs/content';
import type { SiteSectionGroupEntity } from '../section-groups/site-section-group.entity';
import type { SiteSectionEntity } from '../sections/site-section.entity';
import type { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import type { SiteEntity } from '../sites/site.entity';
import { SiteUrls } from '../sites/site-urls';
import type { SiteSectionDto, SiteSectionGroupDto, SiteSpaceDto, SiteStructureDto } from './site-structure.dto';
import type { SiteStructure } from './site-structure';
import type { StructureViewer } from './site-structure.reader';

/** How a structure is shown: to whom (the Space objects' permissions) and with which share key in its URLs. */
export interface StructureView {
  viewer: StructureViewer;
  shareKey?: string;
}

/** Sections, groups and site spaces -> the reference's `SiteSection`, `SiteSectionGroup`, `SiteSpace`, `SiteStructure`. */
@Injectable()
export class SiteStructurePresenter {
  constructor(
    private readonly spaces: SpacePresenter,
    private readonly urls: SiteUrls,
  ) {}

  siteSpace(site: SiteEntity, section: SiteSectionEntity | null, siteSpace: SiteSpaceEntity, view: StructureView): SiteSpaceDto {
    const space = siteSpace.space!;
    const level = typeof view.viewer === 'string' ? null : view.viewer.spaceLevel(space);
    const published = this.urls.siteSpace(site, section, siteSpace, view.shareKey);
    return {
      object: 'site-space',
      id: siteSpace.id,
      path: siteSpace.path,
      ...(siteSpace.sectionId ? { section: siteSpace.sectionId } : {}),
      space: this.spaces.present(space, level) as unknown as Record<string, unknown>,
      title: space.title,
      default: siteSpace.isDefault,
      ...(siteSpace.condition ? { condition: siteSpace.condition } : {}),
      hasAdvancedCustomizationFeature: false,
      urls: published ? { published } : {},
    };
  }

  section(site: SiteEntity, section: SiteSectionEntity, siteSpaces: SiteSpaceEntity[], view: StructureView): SiteSectionDto {
    const published = this.urls.section(site, section, view.shareKey);
    return {
      object: 'site-section',
      id: section.id,
      title: section.title,
      ...(section.description ? { description: section.description } : {}),
      default: section.isDefault,
      path: section.path,
      ...(section.condition ? { condition: section.condition } : {}),
      ...(section.groupId ? { sectionGroup: section.groupId } : {}),
      ...(section.icon ? { icon: section.icon } : {}),
      siteSpaces: siteSpaces.map((siteSpace) => this.siteSpace(site, section, siteSpace, view)),
      urls: published ? { published } : {},
    };
  }

  group(site: SiteEntity, group: SiteSectionGroupEntity, sections: SiteSectionDto[]): SiteSectionGroupDto {
    return {
      object: 'site-section-group',
      id: group.id,
      title: group.title,
      ...(group.icon ? { icon: group.icon } : {}),
      sections,
      children: sections,
    };
  }

  /** A section out of a loaded structure. */
  sectionOf(structure: SiteStructure, section: SiteSectionEntity, view: StructureView): SiteSectionDto {
    return this.section(structure.site, section, structure.siteSpaces.get(section.id) ?? [], view);
  }

  groupOf(structure: SiteStructure, group: SiteSectionGroupEntity, view: StructureView): SiteSectionGroupDto {
    const sections = structure.sections.filter((section) => section.groupId === group.id);
    return this.group(structure.site, group, sections.map((section) => this.sectionOf(structure, section, view)));
  }

  siteSpaceOf(structure: SiteStructure, siteSpace: SiteSpaceEntity, view: StructureView): SiteSpaceDto {
    const section = siteSpace.sectionId ? (structure.sections.find((s) => s.id === siteSpace.sectionId) ?? null) : null;
    return this.siteSpace(structure.site, section, siteSpace, view);
  }

  /** The whole structure: sections and groups when the site has sections, else its site spaces. */
  structure(structure: SiteStructure, view: StructureView): SiteStructureDto {
    if (structure.sections.length === 0) {
      return { type: 'siteSpaces', structure: (structure.siteSpaces.get('') ?? []).map((siteSpace) => this.siteSpace(structure.site, null, siteSpace, view)) };
    }
    return {
      type: 'sections',
      structure: structure.root.map((item) =>
        item.type === 'group'
          ? this.group(structure.site, item.group, item.sections.map((section) => this.sectionOf(structure, section, view)))
          : this.sectionOf(structure, item.section, view),
      ),
    };
  }
}
