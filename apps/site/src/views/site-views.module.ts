import { Module } from '@nestjs/common';
import { SiteViewSubscribers } from '@docs/webhooks';
import { SiteViewRecorder } from './site-view-recorder';

/** Page views as `site_view` events: who wants them (libs/webhooks' subscriptions) and the batched writer. */
@Module({
  providers: [SiteViewSubscribers, SiteViewRecorder],
  exports: [SiteViewRecorder],
})
export class SiteViewsModule {}
