import { BadRequestException, Injectable } from '@nestjs/common';
import type { Caller } from '@docs/identity';
import { PublicUrls } from '@docs/platform';
import type { ContentHead } from '../heads/content-head';
import { ContentImporter, ImportPlacement } from './content-importer.service';
import type { ImportContentDto } from './dto/import-content.dto';
import { UNAVAILABLE_SOURCES } from './import-sources';
import { ImportSources } from './import-sources.service';

export interface ImportAnswer {
  body: { revision: string; importedResources: number; totalResources: number };
  /** The API URL of the revision made (the `Location` header). */
  location: string;
}

/** The content imports of any head: read and convert the source (nothing written), then write it as one revision. */
@Injectable()
export class ImportsService {
  constructor(
    private readonly sources: ImportSources,
    private readonly importer: ContentImporter,
    private readonly urls: PublicUrls,
  ) {}

  async import(head: ContentHead, input: ImportContentDto, placement: ImportPlacement, caller: Caller): Promise<ImportAnswer> {
    if (UNAVAILABLE_SOURCES.has(input.source)) {
      throw new BadRequestException(`source: "${input.source}" imports are not available on this installation (they need an account at another service); export the content as markdown, HTML, docx or a zip instead.`);
    }
    const content = await this.sources.read(input.source, input.url);
    const written = await this.importer.write(head, content, placement, caller.userId);
    return {
      body: { revision: written.revision.id, importedResources: written.importedResources, totalResources: written.totalResources },
      location: this.urls.api('v1', 'spaces', head.spaceId, 'revisions', written.revision.id),
    };
  }
}
