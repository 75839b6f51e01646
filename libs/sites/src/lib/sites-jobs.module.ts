import { Module } from '@nestjs/common';
import { SiteInsightsRollupHandler } from './insights/site-insights-rollup.job';

/** Sites' job handlers, registered by the worker only: the hourly rollup of old insights. */
@Module({
  providers: [SiteInsightsRollupHandler],
})
export class SitesJobsModule {}
