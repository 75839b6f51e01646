import { Module } from '@nestjs/common';
import { CollaborationCoreModule } from '@docs/collaboration';
import { ContentCoreModule } from '@docs/content';
import { ContentByUrl } from './content-by-url';
import { EmbedByUrl } from './embed-by-url';
import { UrlsController } from './urls.controller';

/**
 * `GET /v1/urls/content` and `/v1/urls/embed`: any URL of this installation (app or published)
 * to what it shows. In the api, which may import content, collaboration and sites together
 * (`/v1/urls/published` is the sites library's own).
 */
@Module({
  imports: [ContentCoreModule, CollaborationCoreModule],
  controllers: [UrlsController],
  providers: [ContentByUrl, EmbedByUrl],
})
export class UrlsModule {}
