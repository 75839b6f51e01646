import { Injectable } from '@nestjs/common';
import { SiteUrls } from '../sites/site-urls';
import type { SiteEntity } from '../sites/site.entity';
import type { ShareLinkDto } from './share-link.dto';
import type { ShareLinkEntity } from './share-link.entity';

/** ShareLinkEntity and its clear key -> the reference's `ShareLink`. */
@Injectable()
export class ShareLinkPresenter {
  constructor(private readonly urls: SiteUrls) {}

  present(site: SiteEntity, link: ShareLinkEntity, key: string): ShareLinkDto {
    return {
      object: 'share-link',
      id: link.id,
      createdAt: link.createdAt.toISOString(),
      name: link.name,
      active: link.active,
      urls: { published: this.urls.shareLink(site, key) },
    };
  }
}
