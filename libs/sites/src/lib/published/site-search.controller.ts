import { BadRequestException, Body, Controller, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ApiErrors, Paginator, PublicUrls, toListEnvelope } from '@docs/platform';
import { SiteUrls } from '../sites/site-urls';
import { SearchSiteContentDto, SearchSiteContentQueryDto } from './dto/search-site-content.dto';
import { PublishedSiteService } from './published-site.service';
import { SiteSearch, SiteSearchScope } from './site-search';

/** Pages shown per space of a site search, best first. */
export const SITE_SEARCH_PAGES_PER_SPACE = 20;

const urlsSchema = (what: string): SchemaObject => ({
  type: 'object',
  required: ['app'],
  properties: { app: { type: 'string', description: `The ${what} in the app.` }, published: { type: 'string', description: `The ${what} on the published site.` } },
});

const RESULTS_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['items', 'count'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        description: "The reference's SearchSpaceResult: a space of the site and its best pages.",
        required: ['id', 'title', 'pages'],
        properties: {
          id: { type: 'string', description: 'The space.' },
          title: { type: 'string' },
          pages: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'title', 'path', 'urls'],
              properties: {
                id: { type: 'string' },
                title: { type: 'string' },
                path: { type: 'string' },
                urls: urlsSchema('page'),
                sections: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id', 'title', 'path', 'body', 'urls'],
                    properties: { id: { type: 'string' }, title: { type: 'string' }, path: { type: 'string' }, body: { type: 'string' }, urls: urlsSchema('section') },
                  },
                },
              },
            },
          },
        },
      },
    },
    count: { type: 'number' },
    next: { type: 'object', properties: { page: { type: 'string' } } },
  },
};

/**
 * The reference's `searchSiteContent`: search what the site's audience may see (the same rules as
 * `getPublishedContentSite`, with `shareKey` and `jwt_token`), over the same index and the same
 * rules as the published site's own search dialog (`SiteSearch`).
 */
@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/search')
export class SiteSearchController {
  constructor(
    private readonly published: PublishedSiteService,
    private readonly search: SiteSearch,
    private readonly siteUrls: SiteUrls,
    private readonly urls: PublicUrls,
    private readonly paginator: Paginator,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'searchSiteContent',
    summary: "Search a published site as its audience sees it: a list of the site's spaces with their best pages (at most 20 each), in structure order.",
  })
  @ApiOkResponse({ schema: RESULTS_SCHEMA })
  @ApiErrors(400, 404)
  async searchSite(@Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: SearchSiteContentQueryDto, @Body() body: SearchSiteContentDto) {
    const scope = scopeOf(body);
    const { site, visible, shareKey } = await this.published.audience(organizationId, siteId, { shareKey: query.shareKey, visitorToken: query.jwt_token, unsignedClaims: query.unsignedClaims });
    const listScope = `site-search:${site.id}:${JSON.stringify([body.query, scope])}`;
    const after = query.page ? await this.paginator.decode(listScope, query.page, 1) : undefined;
    const { results } = await this.search.search(visible, scope, body.query, SITE_SEARCH_PAGES_PER_SPACE);
    const limit = query.limit ?? 100;
    const start = after ? Number(after[0]) : 0;
    const items = results.slice(start, start + limit);
    const nextPage = start + limit < results.length && limit > 0 ? await this.paginator.encode(listScope, [start + limit]) : undefined;
    return toListEnvelope({ items, count: results.length, nextPage }, ({ siteSpace, section, hits }) => {
      const base = this.siteUrls.siteSpace(site, section, siteSpace);
      const published = (path: string, anchor?: string) =>
        base === undefined ? undefined : `${base}/${path.split('/').map(encodeURIComponent).join('/')}${shareKey ? `?share=${encodeURIComponent(shareKey)}` : ''}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
      return {
        id: siteSpace.spaceId,
        title: siteSpace.space?.title ?? '',
        pages: hits.map((hit) => {
          const app = this.urls.app('s', siteSpace.spaceId, hit.path);
          return {
            id: hit.pageId,
            title: hit.title,
            path: hit.path,
            urls: { app, ...withPublished(published(hit.path)) },
            sections: hit.sections.map((section) => ({
              id: section.anchor ?? hit.pageId,
              title: section.title || hit.title,
              path: section.anchor ? `${hit.path}#${section.anchor}` : hit.path,
              body: section.excerpt,
              urls: { app: section.anchor ? `${app}#${encodeURIComponent(section.anchor)}` : app, ...withPublished(published(hit.path, section.anchor ?? undefined)) },
            })),
          };
        }),
      };
    });
  }
}

const withPublished = (url: string | undefined) => (url ? { published: url } : {});

/** The scope a body asks for: `scope`, or the deprecated forms (`mode` and `siteSpaceIds` / `siteSpaceId`). */
export function scopeOf(body: SearchSiteContentDto): SiteSearchScope {
  const forms = [body.scope !== undefined, body.mode !== undefined || body.siteSpaceIds !== undefined].filter(Boolean).length;
  if (forms !== 1) throw new BadRequestException('Say where to search with scope (or the deprecated mode), not both and not neither.');
  if (body.scope) {
    const { mode, currentSiteSpace, includedSiteSpaces, siteSpaceIds } = body.scope;
    if (mode === 'specific') {
      if (!siteSpaceIds) throw new BadRequestException('scope.siteSpaceIds is required with mode specific.');
      if (currentSiteSpace !== undefined || includedSiteSpaces !== undefined) throw new BadRequestException('scope.currentSiteSpace and scope.includedSiteSpaces go with mode default.');
      return { mode, siteSpaceIds };
    }
    if (siteSpaceIds !== undefined) throw new BadRequestException('scope.siteSpaceIds goes with mode specific.');
    if (mode === 'all') {
      if (currentSiteSpace !== undefined || includedSiteSpaces !== undefined) throw new BadRequestException('scope.currentSiteSpace and scope.includedSiteSpaces go with mode default.');
      return { mode };
    }
    return { mode, ...(currentSiteSpace === undefined ? {} : { currentSiteSpace }), ...(includedSiteSpaces === undefined ? {} : { includedSiteSpaces }) };
  }
  if (body.mode === 'all') {
    if (body.siteSpaceIds !== undefined || body.siteSpaceId !== undefined) throw new BadRequestException('mode all takes neither siteSpaceIds nor siteSpaceId.');
    return { mode: 'all' };
  }
  if (body.mode === 'current') {
    if (body.siteSpaceId === undefined) throw new BadRequestException('siteSpaceId is required with mode current.');
    if (body.siteSpaceIds !== undefined) throw new BadRequestException('mode current takes siteSpaceId, not siteSpaceIds.');
    return { mode: 'default', currentSiteSpace: body.siteSpaceId };
  }
  if (!body.siteSpaceIds) throw new BadRequestException('siteSpaceIds is required with mode specific.');
  if (body.siteSpaceId !== undefined) throw new BadRequestException('mode specific takes siteSpaceIds, not siteSpaceId.');
  return { mode: 'specific', siteSpaceIds: body.siteSpaceIds };
}
