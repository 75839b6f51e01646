import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { referenceSchema } from '@docs/platform';
import { Allow, IsArray, IsDefined } from 'class-validator';

/** Body of `trackEventsInSiteById`: each event is checked field by field by `parseTrackedEvents`. */
export class TrackSiteEventsDto {
  @ApiProperty({ type: 'array', items: referenceSchema('SiteInsightsEvent'), maxItems: 500, description: 'The events, at most 500.' })
  @IsArray()
  events: unknown[];
}

/** Body of `aggregateSiteEvents` (the reference's SiteInsightsQueryEventsAggregation), checked by `aggregationSql`. */
export class AggregateSiteEventsDto {
  @ApiPropertyOptional({ type: 'array', items: referenceSchema('SiteInsightsQueryEventsColumn'), description: 'The columns answered, in order (default: groupBy, then eventsCount).' })
  @Allow()
  select?: unknown[];

  @ApiPropertyOptional({ type: 'array', items: referenceSchema('SiteInsightsQueryEventsFilter'), description: 'Filters, all of which hold (operator default: in).' })
  @Allow()
  where?: unknown[];

  @ApiPropertyOptional({ type: 'array', items: referenceSchema('SiteInsightsQueryEventsColumn'), description: 'The columns events are grouped by.' })
  @Allow()
  groupBy?: unknown[];

  @ApiPropertyOptional({ type: 'object', required: ['by', 'direction'], properties: { by: referenceSchema('SiteInsightsQueryEventsColumn'), direction: { type: 'string', enum: ['asc', 'desc'] } } } as never)
  @Allow()
  order?: unknown;

  @ApiProperty({ oneOf: [referenceSchema('SiteInsightsQueryRange')], description: 'A preset (last7Days...) or {from, to}.' } as never)
  @IsDefined()
  range: unknown;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 1000, default: 1000 })
  @Allow()
  limit?: number;
}
