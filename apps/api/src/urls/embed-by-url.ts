import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Caller } from '@docs/identity';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { parseHttpUrl, PublishedUrlResolver } from '@docs/sites';
import { appUrlTarget } from './app-url';
import { ContentByUrl } from './content-by-url';

/** The reference's `Embed`, as this installation answers it: always a link. */
export interface LinkEmbed {
  type: 'link';
  title: string;
  site: string;
}

/**
 * What an editor shows for a URL pasted as an embed (`getEmbedByUrl`): a link card. Our own URLs
 * are resolved without any network request: a published URL (as its audience may open it, a
 * share key in the URL included) to its page's title and the site's title, an app URL (as the
 * caller may read it) to its page's, space's or collection's title and the app's host. Any other
 * URL, and one of ours that does not resolve for the caller, is the reference's minimal link:
 * the URL as title and its host as site (this server fetches nothing from elsewhere, and tells
 * nothing about what the caller may not see).
 */
@Injectable()
export class EmbedByUrl {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly published: PublishedUrlResolver,
    private readonly content: ContentByUrl,
  ) {}

  async embed(input: string, caller: Caller): Promise<LinkEmbed> {
    const url = parseHttpUrl(input);
    const minimal: LinkEmbed = { type: 'link', title: url.toString(), site: url.hostname };
    try {
      if (appUrlTarget(url, this.config.urls.app)) {
        const content = await this.content.resolve(input, caller);
        return { type: 'link', title: content.title, site: new URL(this.config.urls.app).host };
      }
      const resolution = await this.published.resolve(input);
      const content = resolution.kind === 'redirect' && resolution.target === 'content' ? await this.published.resolve(resolution.redirect) : resolution;
      if (content.kind !== 'content') return minimal;
      return { type: 'link', title: content.page?.title ?? content.siteSpace.space?.title ?? content.site.title, site: content.site.title };
    } catch (error) {
      if (error instanceof NotFoundException) return minimal;
      throw error;
    }
  }
}
