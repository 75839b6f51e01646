import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { Caller } from '@docs/identity';
import { APP_CONFIG, AppConfig, PublicUrls } from '@docs/platform';
import { join } from 'node:path';
import type { ContentHead } from '../heads/content-head';
import { ContentImporter, ImportPlacement } from './content-importer.service';
import type { ImportInput } from './import-input';
import { UNAVAILABLE_SOURCES } from './import-sources';
import { ImportSources } from './import-sources.service';
import { receiveSourceFile, withImportFolder } from './source-file';

export interface ImportAnswer {
  body: { revision: string; importedResources: number; totalResources: number };
  /** The API URL of the revision made (the `Location` header). */
  location: string;
}

/**
 * The content imports of any head: bring the source into a temporary folder (fetched, decoded or
 * received as the request body) and convert it (nothing written), then write it as one
 * revision. The folder is removed and the archive closed afterwards, whatever happens.
 */
@Injectable()
export class ImportsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sources: ImportSources,
    private readonly importer: ContentImporter,
    private readonly urls: PublicUrls,
  ) {}

  async import(head: ContentHead, input: ImportInput, placement: ImportPlacement, caller: Caller): Promise<ImportAnswer> {
    if (UNAVAILABLE_SOURCES.has(input.source)) {
      throw new BadRequestException(`source: "${input.source}" imports are not available on this installation (they need an account at another service); export the content as markdown, HTML, docx or a zip instead.`);
    }
    const written = await withImportFolder(async (folder) => {
      const content =
        input.kind === 'url'
          ? await this.sources.read(input.source, input.url, folder)
          : await this.sources.convert(input.source, await receiveSourceFile(input.stream, input, this.config.importMaxBytes, join(folder, 'source')));
      try {
        return await this.importer.write(head, content, placement, caller.userId);
      } finally {
        content.close?.();
      }
    });
    return {
      body: { revision: written.revision.id, importedResources: written.importedResources, totalResources: written.totalResources },
      location: this.urls.api('v1', 'spaces', head.spaceId, 'revisions', written.revision.id),
    };
  }
}
