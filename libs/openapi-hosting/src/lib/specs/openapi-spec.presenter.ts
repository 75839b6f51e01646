import { Injectable } from '@nestjs/common';
import type { MemberRoleOrGuest } from '@docs/identity';
import { PublicUrls } from '@docs/platform';
import { SpecFileUrls } from '../versions/spec-file-urls';
import type { OpenApiSpecDto } from './openapi-spec.dto';
import type { OpenApiSpecEntity } from './openapi-spec.entity';
import { specPermissions } from './spec-permissions';

/** OpenApiSpecEntity -> the reference's OpenAPISpec, for a caller of the given role. */
@Injectable()
export class OpenApiSpecPresenter {
  constructor(
    private readonly urls: PublicUrls,
    private readonly files: SpecFileUrls,
  ) {}

  /** `spec.lastVersion`, when loaded, gives the entry file a public spec links to. */
  present(spec: OpenApiSpecEntity, role: MemberRoleOrGuest): OpenApiSpecDto {
    const entry = spec.lastVersion?.entry;
    const dto: OpenApiSpecDto = {
      object: 'openapi-spec',
      id: spec.id,
      createdAt: spec.createdAt.toISOString(),
      updatedAt: spec.updatedAt.toISOString(),
      slug: spec.slug,
      processingState: spec.processingState,
      visibility: spec.visibility,
      permissions: specPermissions(role),
      urls: {
        location: this.urls.api('v1/orgs', spec.organizationId, 'openapi', spec.slug),
        app: this.urls.app('o', spec.organizationId, 'openapi', spec.slug),
      },
    };
    if (spec.sourceUrl !== null) dto.sourceURL = spec.sourceUrl;
    if (spec.lastVersionId !== null) dto.lastVersion = spec.lastVersionId;
    if (spec.lastProcessedAt !== null) dto.lastProcessedAt = spec.lastProcessedAt.toISOString();
    if (spec.lastProcessErrorCode !== null) dto.lastProcessErrorCode = spec.lastProcessErrorCode;
    if (spec.lastProcessErrors !== null && spec.lastProcessErrorCode !== null) dto.lastProcessedErrors = spec.lastProcessErrors;
    if (spec.visibility === 'public' && entry !== undefined) dto.urls.published = this.files.publishedFile(spec.organizationId, spec.slug, entry);
    return dto;
  }
}
