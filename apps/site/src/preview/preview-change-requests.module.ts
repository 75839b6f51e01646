import { Global, Module } from '@nestjs/common';
import { ChangeRequestHeads, ChangeRequestHeadsModule } from '@docs/collaboration';
import { PreviewChangeRequests } from '@docs/sites';

/** Binds sites' `PreviewChangeRequests` seam to collaboration's `ChangeRequestHeads`: previews show a change request's head. */
@Global()
@Module({
  imports: [ChangeRequestHeadsModule],
  providers: [{ provide: PreviewChangeRequests, useExisting: ChangeRequestHeads }],
  exports: [PreviewChangeRequests],
})
export class PreviewChangeRequestsModule {}
