import { Module } from '@nestjs/common';
import { ContentCoreModule } from './content-core.module';
import { PurgeSpaceHandler, SpacePurgeSweepHandler } from './purge/space-purge.handlers';
import { SpacePurger } from './purge/space-purger.service';

/** Content's job handlers (the space purge), registered by the worker only. */
@Module({
  imports: [ContentCoreModule],
  providers: [SpacePurger, SpacePurgeSweepHandler, PurgeSpaceHandler],
})
export class ContentJobsModule {}
