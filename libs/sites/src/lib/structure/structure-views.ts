import { Injectable, NotFoundException } from '@nestjs/common';
import type { SiteContext } from '../access/site-access';
import type { SiteSectionGroupDto, SiteSectionDto, SiteSpaceDto, SiteStructureDto } from './site-structure.dto';
import { SiteStructurePresenter } from './site-structure.presenter';
import { SiteStructureReader } from './site-structure.reader';
import type { SiteStructure } from './site-structure';

/** Items of a site's structure, presented for the caller: loads the structure once per answer. */
@Injectable()
export class StructureViews {
  constructor(
    private readonly reader: SiteStructureReader,
    private readonly presenter: SiteStructurePresenter,
  ) {}

  load(context: SiteContext): Promise<SiteStructure> {
    return this.reader.read(context.site, context.org);
  }

  /** The whole structure, loaded with the context (`SiteAccess.readStructure`). */
  present(context: SiteContext, structure: SiteStructure, shareKey?: string): SiteStructureDto {
    return this.presenter.structure(structure, { viewer: context.org, shareKey });
  }

  async section(context: SiteContext, sectionId: string, loaded?: SiteStructure, shareKey?: string): Promise<SiteSectionDto> {
    const structure = loaded ?? (await this.load(context));
    const section = structure.sections.find((s) => s.id === sectionId);
    if (!section) throw new NotFoundException(`No section of this site has the id ${sectionId}.`);
    return this.presenter.sectionOf(structure, section, { viewer: context.org, shareKey });
  }

  async group(context: SiteContext, groupId: string, loaded?: SiteStructure): Promise<SiteSectionGroupDto> {
    const structure = loaded ?? (await this.load(context));
    const item = structure.root.find((entry) => entry.type === 'group' && entry.group.id === groupId);
    if (!item || item.type !== 'group') throw new NotFoundException(`No section group of this site has the id ${groupId}.`);
    return this.presenter.groupOf(structure, item.group, { viewer: context.org });
  }

  /** A site space the caller can read (a member who cannot read its space gets a 404). */
  async siteSpace(context: SiteContext, siteSpaceId: string, loaded?: SiteStructure, shareKey?: string): Promise<SiteSpaceDto> {
    const structure = loaded ?? (await this.load(context));
    const siteSpace = [...structure.siteSpaces.values()].flat().find((s) => s.id === siteSpaceId);
    if (!siteSpace) throw new NotFoundException(`No site space of this site has the id ${siteSpaceId}.`);
    return this.presenter.siteSpaceOf(structure, siteSpace, { viewer: context.org, shareKey });
  }
}
