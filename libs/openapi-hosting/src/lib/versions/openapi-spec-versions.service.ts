import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Membership } from '@docs/identity';
import { Page, Paginator, sortKey } from '@docs/platform';
import { DataSource } from 'typeorm';
import { OpenApiSpecEntity } from '../specs/openapi-spec.entity';
import { OpenApiSpecsService } from '../specs/openapi-specs.service';
import { OpenApiSpecFileEntity } from './openapi-spec-file.entity';
import { OpenApiSpecVersionEntity } from './openapi-spec-version.entity';

/** The versions of a spec the caller can see (`latest` names the newest), and their files. */
@Injectable()
export class OpenApiSpecVersionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly specs: OpenApiSpecsService,
    private readonly paginator: Paginator,
  ) {}

  /** Newest first, with their spec. */
  async list(member: Membership, slug: string, page: { page?: string; limit?: number }): Promise<{ spec: OpenApiSpecEntity; page: Page<OpenApiSpecVersionEntity> }> {
    const spec = await this.specs.get(member, slug);
    const query = this.dataSource.getRepository(OpenApiSpecVersionEntity).createQueryBuilder('v').where('v.spec_id = :specId', { specId: spec.id });
    const versions = await this.paginator.paginate(
      query,
      [sortKey<OpenApiSpecVersionEntity>('v.created_at', 'DESC', 'timestamp', (v) => v.createdAt), sortKey<OpenApiSpecVersionEntity>('v.id', 'DESC', 'text', (v) => v.id)],
      { scope: `openapi-spec-versions:${spec.id}`, page: page.page, limit: page.limit },
    );
    return { spec, page: versions };
  }

  /** A version by id, or `latest`; 404 when the spec has none (yet) or not that one. */
  async get(member: Membership, slug: string, versionId: string): Promise<{ spec: OpenApiSpecEntity; version: OpenApiSpecVersionEntity }> {
    const spec = await this.specs.get(member, slug);
    const id = versionId === 'latest' ? spec.lastVersionId : versionId;
    const version = id ? await this.dataSource.getRepository(OpenApiSpecVersionEntity).findOneBy({ id, specId: spec.id }) : null;
    if (!version) {
      throw new NotFoundException(
        versionId === 'latest'
          ? `OpenAPI spec ${slug} has no version yet (processingState: ${spec.processingState}).`
          : `OpenAPI spec ${slug} has no version with the id ${versionId}.`,
      );
    }
    return { spec, version };
  }

  /** Every file of a version as parsed (not their text), the entry first, then by path. */
  async documents(version: OpenApiSpecVersionEntity): Promise<Pick<OpenApiSpecFileEntity, 'path' | 'document'>[]> {
    const files = await this.dataSource
      .getRepository(OpenApiSpecFileEntity)
      .find({ select: { path: true, document: true }, where: { versionId: version.id }, order: { path: 'ASC' } });
    return [...files.filter((file) => file.path === version.entry), ...files.filter((file) => file.path !== version.entry)];
  }

  /** One file's text as fetched, to serve it; undefined when the version has no such file. */
  async file(versionId: string, path: string): Promise<Pick<OpenApiSpecFileEntity, 'mediaType' | 'text'> | undefined> {
    const file = await this.dataSource.getRepository(OpenApiSpecFileEntity).findOne({ select: { mediaType: true, text: true }, where: { versionId, path } });
    return file ?? undefined;
  }

  /** The latest version of a public spec (no caller: served without a token), or undefined. */
  async publicLatest(organizationId: string, slug: string): Promise<OpenApiSpecVersionEntity | undefined> {
    const [row]: { id: string }[] = await this.dataSource.query(
      `SELECT last_version_id AS id FROM openapi_specs WHERE organization_id = $1 AND slug = $2 AND visibility = 'public' AND last_version_id IS NOT NULL`,
      [organizationId, slug],
    );
    if (!row) return undefined;
    return (await this.dataSource.getRepository(OpenApiSpecVersionEntity).findOneBy({ id: row.id })) ?? undefined;
  }
}
