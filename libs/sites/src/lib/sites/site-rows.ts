import { SiteEntity } from './site.entity';

const SITE_COLUMN_NAMES = [
  'id', 'organization_id', 'type', 'title', 'visibility', 'published', 'basename', 'hostname', 'proxy_origin', 'adaptive_content',
  'agents_context', 'adaptive_schema', 'adaptive_schema_updated_at', 'visitor_key_encrypted', 'visitor_fallback_url', 'customization', 'created_at', 'updated_at',
];

/** The columns `siteFromRow` reads, of the table aliased `alias` (plain columns: pg parses their types). */
export function siteColumns(alias: string): string {
  return SITE_COLUMN_NAMES.map((column) => `${alias}.${column}`).join(', ');
}

/** A row of plain SQL with `siteColumns` -> the entity TypeORM would have built. */
export function siteFromRow(row: Record<string, any>): SiteEntity {
  return Object.assign(new SiteEntity(), {
    id: row.id,
    organizationId: row.organization_id,
    type: row.type,
    title: row.title,
    visibility: row.visibility,
    published: row.published,
    basename: row.basename,
    hostname: row.hostname,
    proxyOrigin: row.proxy_origin,
    adaptiveContent: row.adaptive_content,
    agentsContext: row.agents_context,
    adaptiveSchema: row.adaptive_schema,
    adaptiveSchemaUpdatedAt: row.adaptive_schema_updated_at,
    visitorKeyEncrypted: row.visitor_key_encrypted,
    visitorFallbackUrl: row.visitor_fallback_url ?? null,
    customization: row.customization ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
