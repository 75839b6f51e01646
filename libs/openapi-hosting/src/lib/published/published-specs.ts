import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import { dereferenceSpec } from '../processing/spec-dereference';

/**
 * The channel every change of which version an organization's spec slug names notifies (a new
 * version processed, a spec deleted: migration 1795410000000). Readers that keep versions (the
 * site server) keep them only while they hear it.
 */
export const OPENAPI_SPECS_CHANGED_CHANNEL = 'openapi_specs_changed';

/** The latest version of each of an organization's slugs that has one (the unique index on (organization_id, slug)). */
const LATEST_VERSIONS = preparedStatement(
  'openapi_published_latest_versions',
  `SELECT slug, last_version_id FROM openapi_specs WHERE organization_id = $1 AND slug = ANY($2::text[]) AND last_version_id IS NOT NULL`,
);

/** Every file of these versions, with each version's entry (the files' primary key). */
const VERSION_FILES = preparedStatement(
  'openapi_published_version_files',
  `SELECT v.id, v.entry, v.bytes, f.path, f.document
     FROM openapi_spec_versions v JOIN openapi_spec_files f ON f.version_id = v.id
    WHERE v.id = ANY($1::text[])`,
);

/** A version as readers render it: one dereferenced OpenAPI 3 document, and the size of its files as fetched. */
export interface PublishedSpecVersion {
  document: Record<string, unknown>;
  bytes: number;
}

/**
 * Hosted specs as the published sites read them: which version an organization's slug names
 * now (its latest processed one), and a version's files as one dereferenced document. Reads
 * only the organization it is given: a slug is never looked up across organizations. Any spec
 * of the organization is readable here, whatever its `visibility` (which governs whether its
 * files are served to anyone at `urls.published`, not whether editors may publish its
 * operations in the organization's docs: see docs/api-decisions.md).
 */
@Injectable()
export class PublishedSpecs {
  constructor(private readonly sql: SqlPool) {}

  /** The latest version id of each slug that has one (absent: no such spec, or none processed yet). One statement. */
  async latestVersions(organizationId: string, slugs: string[]): Promise<Map<string, string>> {
    if (slugs.length === 0) return new Map();
    const rows = await this.sql.rows<{ slug: string; last_version_id: string }>(LATEST_VERSIONS, [organizationId, slugs]);
    return new Map(rows.map((row) => [row.slug, row.last_version_id]));
  }

  /** These versions, each dereferenced from its files (one statement for all; absent: no such version). */
  async versions(versionIds: string[]): Promise<Map<string, PublishedSpecVersion>> {
    if (versionIds.length === 0) return new Map();
    const rows = await this.sql.rows<{ id: string; entry: string; bytes: number; path: string; document: unknown }>(VERSION_FILES, [versionIds]);
    const byVersion = new Map<string, { entry: string; bytes: number; files: [string, unknown][] }>();
    for (const row of rows) {
      let version = byVersion.get(row.id);
      if (!version) byVersion.set(row.id, (version = { entry: row.entry, bytes: row.bytes, files: [] }));
      version.files.push([row.path, row.document]);
    }
    const out = new Map<string, PublishedSpecVersion>();
    for (const [id, version] of byVersion) out.set(id, { document: await dereferenceSpec(version.entry, version.files), bytes: version.bytes });
    return out;
  }
}
