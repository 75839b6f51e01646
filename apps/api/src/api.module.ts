import { Module } from '@nestjs/common';
import { CollaborationModule } from '@docs/collaboration';
import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';

/** The HTTP api: every domain's HTTP module. main.ts composes it with the platform. */
@Module({
  imports: [IdentityModule, ContentModule, CollaborationModule],
})
export class ApiModule {}
