import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ChangeRequestContent, ChangeRequestsService } from '@docs/collaboration';
import { CollectionPresenter, CollectionsService, ContentReads, ContentTarget, ContentTargets, SpacePresenter, SpacesService } from '@docs/content';
import type { Caller } from '@docs/identity';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { parseHttpUrl, PublishedUrlResolver } from '@docs/sites';
import { appUrlTarget } from './app-url';

/** What a URL shows, as the app and the published sites show it. */
export type ContentAtUrl =
  | { kind: 'collection'; title: string; body: { collection: Record<string, unknown> } }
  | { kind: 'space'; title: string; body: { space: Record<string, unknown>; changeRequest?: Record<string, unknown>; page?: Record<string, unknown> } };

const NOT_CONTENT = 'No content the caller can read is at this URL.';

/**
 * Resolves a URL of this installation to the content it shows, for a member who may read it
 * (`getContentByUrl`): an app URL (APP_URL) to its collection, or its space with the change
 * request and page it names; a published URL (anything the site server answers: paths under
 * PUBLISHED_URL, custom hostnames, proxies, with `?share=` for share-link sites) to the space and
 * page the site shows there, found by the site server's own resolution. The content is read with
 * the caller's own rights, so a URL of a space the caller may not read is a 404 like any other.
 */
@Injectable()
export class ContentByUrl {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly published: PublishedUrlResolver,
    private readonly collections: CollectionsService,
    private readonly collectionPresenter: CollectionPresenter,
    private readonly spaces: SpacesService,
    private readonly spacePresenter: SpacePresenter,
    private readonly targets: ContentTargets,
    private readonly reads: ContentReads,
    private readonly changeRequests: ChangeRequestsService,
    private readonly changeRequestContent: ChangeRequestContent,
  ) {}

  /** The content at `input`, or a 404 (a 400 for what is not an http(s) URL). */
  async resolve(input: string, caller: Caller): Promise<ContentAtUrl> {
    const url = parseHttpUrl(input);
    const app = appUrlTarget(url, this.config.urls.app);
    if (app) {
      if (app.kind === 'collection') {
        const view = await this.readable(() => this.collections.get(app.collectionId, caller));
        return { kind: 'collection', title: view.collection.title, body: { collection: this.collectionPresenter.present(view.collection, view.level) as unknown as Record<string, unknown> } };
      }
      if (app.kind === 'other') throw new NotFoundException(`${NOT_CONTENT} It is a URL of the app, but not of a collection, space, change request or page.`);
      const space = await this.readable(() => this.spaces.get(app.spaceId, caller));
      const changeRequest = app.changeRequest ? await this.readable(() => this.changeRequests.get(app.spaceId, app.changeRequest!, caller)) : undefined;
      const target = async (): Promise<ContentTarget> =>
        app.changeRequest
          ? this.changeRequestContent.target(app.spaceId, app.changeRequest, caller)
          : app.revision
            ? this.targets.revision(app.spaceId, app.revision, caller)
            : this.targets.current(app.spaceId, caller);
      const page = app.pagePath ? (await this.readable(async () => this.reads.pageByPath(await target(), app.pagePath, 'document', { childBodies: 'none' }))).body : undefined;
      return this.spaceContent(space, page, changeRequest);
    }
    const resolution = await this.readable(() => this.published.resolve(input));
    // A group page's URL leads to its first page: that page is what the URL shows.
    const content = resolution.kind === 'redirect' && resolution.target === 'content' ? await this.readable(() => this.published.resolve(resolution.redirect)) : resolution;
    if (content.kind !== 'content') throw new NotFoundException(NOT_CONTENT);
    const space = await this.readable(() => this.spaces.get(content.siteSpace.spaceId, caller));
    const page = content.page ? (await this.readable(async () => this.reads.page(await this.targets.current(content.siteSpace.spaceId, caller), content.page!.pageId, 'document', { childBodies: 'none' }))).body : undefined;
    return this.spaceContent(space, page);
  }

  private spaceContent(view: Awaited<ReturnType<SpacesService['get']>>, page?: Record<string, unknown>, changeRequest?: Record<string, unknown>): ContentAtUrl {
    return {
      kind: 'space',
      title: typeof page?.title === 'string' ? page.title : view.space.title,
      body: { space: this.spacePresenter.present(view.space, view.level) as unknown as Record<string, unknown>, ...(changeRequest ? { changeRequest } : {}), ...(page ? { page } : {}) },
    };
  }

  /** Every 404 on the way (an unknown id, what the caller may not read, no such page) is the URL's. */
  private async readable<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof NotFoundException) throw new NotFoundException(NOT_CONTENT);
      throw error;
    }
  }
}
