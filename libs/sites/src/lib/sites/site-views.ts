import { Injectable } from '@nestjs/common';
import type { SiteDto } from './site.dto';
import type { SiteEntity } from './site.entity';
import { SitePresenter } from './site.presenter';
import { SitesService } from './sites.service';

/** Sites presented with their exact `siteSpaces` counts: one count query for a whole page. */
@Injectable()
export class SiteViews {
  constructor(
    private readonly sites: SitesService,
    private readonly presenter: SitePresenter,
  ) {}

  async present(sites: SiteEntity[], shareKey?: string): Promise<SiteDto[]> {
    const counts = await this.sites.siteSpaceCounts(sites.map((site) => site.id));
    return sites.map((site) => this.presenter.present(site, counts.get(site.id) ?? 0, shareKey));
  }

  async presentOne(site: SiteEntity): Promise<SiteDto> {
    return (await this.present([site]))[0];
  }
}
