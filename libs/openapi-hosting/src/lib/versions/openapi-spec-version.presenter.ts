import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import type { OpenApiSpecEntity } from '../specs/openapi-spec.entity';
import type { OpenApiSpecFileEntity } from './openapi-spec-file.entity';
import type { OpenApiSpecContentDto, OpenApiSpecVersionDto } from './openapi-spec-version.dto';
import type { OpenApiSpecVersionEntity } from './openapi-spec-version.entity';
import { SpecFileUrls } from './spec-file-urls';

/** Versions and their content -> the reference's OpenAPISpecVersion and OpenAPISpecContent. */
@Injectable()
export class OpenApiSpecVersionPresenter {
  constructor(
    private readonly urls: PublicUrls,
    private readonly files: SpecFileUrls,
  ) {}

  async present(spec: OpenApiSpecEntity, version: OpenApiSpecVersionEntity): Promise<OpenApiSpecVersionDto> {
    return {
      object: 'openapi-spec-version',
      id: version.id,
      createdAt: version.createdAt.toISOString(),
      url: await this.files.versionFile(version.id, version.entry),
      urls: { location: this.urls.api('v1/orgs', spec.organizationId, 'openapi', spec.slug, 'versions', version.id) },
    };
  }

  async content(version: OpenApiSpecVersionEntity, files: Pick<OpenApiSpecFileEntity, 'path' | 'document'>[]): Promise<OpenApiSpecContentDto> {
    const filesystem: Record<string, unknown> = {};
    for (const file of files) filesystem[file.path] = file.document;
    return { filesystem, url: await this.files.versionFile(version.id, version.entry) };
  }
}
