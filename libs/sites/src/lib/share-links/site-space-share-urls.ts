import { BadRequestException, Injectable } from '@nestjs/common';
import { SpaceEntity, SpaceShareUrls } from '@docs/content';
import { SiteStructureReader } from '../structure/site-structure.reader';
import { SiteUrls } from '../sites/site-urls';
import { ShareLinksService } from './share-links.service';

/** Content's `SpaceShareUrls`: the first site space of the space in the share link's site, in structure order. */
@Injectable()
export class SiteSpaceShareUrls extends SpaceShareUrls {
  constructor(
    private readonly links: ShareLinksService,
    private readonly reader: SiteStructureReader,
    private readonly urls: SiteUrls,
  ) {
    super();
  }

  async publishedUrl(space: SpaceEntity, shareKey: string): Promise<string | undefined> {
    const found = await this.links.findActive(shareKey);
    if (!found || found.site.organizationId !== space.organizationId) throw new BadRequestException('shareKey: no active share link has this key.');
    const { site } = found;
    if (!site.published) return undefined;
    const structure = await this.reader.read(site, 'audience');
    const containers = [...structure.sections.map((section) => ({ section, list: structure.siteSpaces.get(section.id) ?? [] })), { section: null, list: structure.siteSpaces.get('') ?? [] }];
    for (const { section, list } of containers) {
      const siteSpace = list.find((s) => s.spaceId === space.id);
      if (siteSpace) return this.urls.siteSpace(site, section, siteSpace, shareKey);
    }
    return undefined;
  }
}
