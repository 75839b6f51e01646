import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors, referenceSchema } from '@docs/platform';
import { SiteAccess } from '../access/site-access';
import { AggregateSiteEventsDto, TrackSiteEventsDto } from './site-insights.dto';
import { SiteInsightsService } from './site-insights.service';

/**
 * What readers did on a site (docs/api-decisions.md, "Site insights"): members read the
 * aggregates and segments; admins (a site's own backend, say) send events besides those the
 * site server records.
 */
@ApiTags('site-insights')
@Controller('v1/orgs/:organizationId/sites/:siteId/insights')
export class SiteInsightsController {
  constructor(
    private readonly access: SiteAccess,
    private readonly insights: SiteInsightsService,
  ) {}

  @Post('events')
  @HttpCode(204)
  @ApiOperation({ operationId: 'trackEventsInSiteById', summary: 'Record events of the site (admins): visitors are stored as daily salted hashes.' })
  @ApiNoContentResponse({ description: 'Events have been tracked.' })
  @ApiErrors(400, 403, 404)
  async track(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: TrackSiteEventsDto): Promise<void> {
    const { site } = await this.access.site(organizationId, siteId, caller, 'manage', 'track site events');
    await this.insights.track(site, body);
  }

  @Post('events/aggregate')
  @HttpCode(200)
  @ApiOperation({ operationId: 'aggregateSiteEvents', summary: "The site's events counted by the columns asked, over a range." })
  @ApiOkResponse({ schema: referenceSchema('SiteInsightsQueryEventsAggregationResult') })
  @ApiErrors(400, 404)
  async aggregate(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: AggregateSiteEventsDto) {
    const query = this.insights.aggregation(siteId, body);
    await this.access.site(organizationId, siteId, caller, 'read', 'read site insights');
    return this.insights.aggregate(query);
  }

  @Get('visitor-segments')
  @ApiOperation({ operationId: 'listSiteVisitorSegments', summary: "The site's visitors of the last 30 days grouped by their claims (one segment of anonymous visitors on a site without them)." })
  @ApiOkResponse({
    schema: { type: 'object', required: ['items', 'count'], properties: { items: { type: 'array', items: referenceSchema('SiteInsightsVisitorSegment') }, count: { type: 'number' } } },
  })
  @ApiErrors(404)
  async segments(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    const { site } = await this.access.site(organizationId, siteId, caller, 'read', 'read site insights');
    return this.insights.segments(site);
  }
}
