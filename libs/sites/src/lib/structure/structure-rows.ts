import { SpaceEntity, spaceColumns, spaceFromRow } from '@docs/content';
import { SiteSectionGroupEntity } from '../section-groups/site-section-group.entity';
import { SiteSectionEntity } from '../sections/site-section.entity';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';

/**
 * A site's structure read in prepared SQL: each kind of row travels as one JSON array per row
 * (`json_build_array` of the columns below, aggregated with `json_agg`), so that a single
 * statement carries the site, the caller's membership and the whole structure. Column lists
 * are written once here and serve both the SQL and the decoding.
 */
class JsonColumns {
  constructor(
    private readonly names: readonly string[],
    /** Columns of type timestamptz: JSON carries them as ISO text. */
    private readonly timestamps: ReadonlySet<string>,
  ) {}

  /** `a.x, a.y, ...`. */
  list(alias: string): string {
    return this.names.map((name) => `${alias}.${name}`).join(', ');
  }

  /** `json_build_array(a.x, a.y, ...)`. */
  array(alias: string): string {
    return `json_build_array(${this.list(alias)})`;
  }

  /** A decoded JSON array back into a row object keyed by column name, timestamps as Dates. */
  row(values: readonly unknown[], offset = 0): Record<string, any> {
    const row: Record<string, any> = {};
    this.names.forEach((name, index) => {
      const value = values[offset + index];
      row[name] = this.timestamps.has(name) && typeof value === 'string' ? new Date(value) : value;
    });
    return row;
  }

  get length(): number {
    return this.names.length;
  }
}

const GROUP = new JsonColumns(['id', 'site_id', 'organization_id', 'title', 'icon', 'position', 'created_at'], new Set(['created_at']));
const SECTION = new JsonColumns(
  ['id', 'site_id', 'organization_id', 'group_id', 'title', 'description', 'path', 'icon', 'condition', 'is_default', 'position', 'created_at'],
  new Set(['created_at']),
);
const SITE_SPACE = new JsonColumns(
  ['id', 'site_id', 'organization_id', 'section_id', 'space_id', 'path', 'condition', 'is_default', 'position', 'customization', 'created_at'],
  new Set(['created_at']),
);
// The columns content's `spaceFromRow` reads (content writes them as `x.id, x.title, ...`).
const SPACE = new JsonColumns(
  spaceColumns('x')
    .split(', ')
    .map((column) => column.slice('x.'.length)),
  new Set(['created_at', 'updated_at', 'deleted_at']),
);

/** A site space and its space, as one JSON array (`ss`: site_spaces, `s`: spaces). */
export const SITE_SPACE_WITH_SPACE_JSON = `json_build_array(${SITE_SPACE.list('ss')}, ${SPACE.list('s')})`;

/**
 * The three parts of a structure as JSON arrays, for the site whose id is the SQL expression
 * `siteId`: every group and section, and the site spaces of live spaces (whoever reads them:
 * the reader's exact visibility rule is applied in code, `SiteStructureReader.readable`).
 */
export function structureJson(siteId: string): { groups: string; sections: string; siteSpaces: string } {
  return {
    groups: `(SELECT COALESCE(json_agg(${GROUP.array('g')}), '[]'::json) FROM site_section_groups g WHERE g.site_id = ${siteId})`,
    sections: `(SELECT COALESCE(json_agg(${SECTION.array('sec')}), '[]'::json) FROM site_sections sec WHERE sec.site_id = ${siteId})`,
    siteSpaces: `(SELECT COALESCE(json_agg(${SITE_SPACE_WITH_SPACE_JSON}), '[]'::json)
                    FROM site_spaces ss JOIN spaces s ON s.id = ss.space_id
                   WHERE ss.site_id = ${siteId} AND s.deleted_at IS NULL)`,
  };
}

/** The JSON of `structureJson`, as pg hands it over. */
export interface StructureJson {
  groups: unknown[][];
  sections: unknown[][];
  site_spaces: unknown[][];
}

export function groupFromJson(values: readonly unknown[]): SiteSectionGroupEntity {
  const row = GROUP.row(values);
  return Object.assign(new SiteSectionGroupEntity(), {
    id: row.id,
    siteId: row.site_id,
    organizationId: row.organization_id,
    title: row.title,
    icon: row.icon,
    position: row.position,
    createdAt: row.created_at,
  });
}

export function sectionFromRow(row: Record<string, any>): SiteSectionEntity {
  return Object.assign(new SiteSectionEntity(), {
    id: row.id,
    siteId: row.site_id,
    organizationId: row.organization_id,
    groupId: row.group_id,
    title: row.title,
    description: row.description,
    path: row.path,
    icon: row.icon,
    condition: row.condition,
    isDefault: row.is_default,
    position: row.position,
    createdAt: row.created_at,
  });
}

export function sectionFromJson(values: readonly unknown[]): SiteSectionEntity {
  return sectionFromRow(SECTION.row(values));
}

/** The columns `sectionFromRow` reads, of the table aliased `alias` (for plain SQL rows). */
export function sectionColumns(alias: string): string {
  return SECTION.list(alias);
}

/** A site space with its space (`space` set), from a `SITE_SPACE_WITH_SPACE_JSON` array. */
export function siteSpaceFromJson(values: readonly unknown[]): SiteSpaceEntity {
  const row = SITE_SPACE.row(values);
  return Object.assign(new SiteSpaceEntity(), {
    id: row.id,
    siteId: row.site_id,
    organizationId: row.organization_id,
    sectionId: row.section_id,
    spaceId: row.space_id,
    path: row.path,
    condition: row.condition,
    isDefault: row.is_default,
    position: row.position,
    customization: row.customization ?? null,
    createdAt: row.created_at,
    space: spaceFromRow(SPACE.row(values, SITE_SPACE.length)),
  });
}

/**
 * The space fields a published site shows (and whose change must show on its pages): not the
 * counters of comments and change requests, which change without changing what readers see.
 */
const PUBLISHED_SPACE = new JsonColumns(['id', 'organization_id', 'title', 'emoji', 'language', 'revision_id', 'visibility'], new Set());

/** The site spaces of live spaces of a site with the space fields published pages need, as a JSON array. */
export function publishedSiteSpacesJson(siteId: string): string {
  return `(SELECT COALESCE(json_agg(json_build_array(${SITE_SPACE.list('ss')}, ${PUBLISHED_SPACE.list('s')})), '[]'::json)
             FROM site_spaces ss JOIN spaces s ON s.id = ss.space_id
            WHERE ss.site_id = ${siteId} AND s.deleted_at IS NULL)`;
}

/** A site space of `publishedSiteSpacesJson`, its `space` holding the published fields only. */
export function publishedSiteSpaceFromJson(values: readonly unknown[]): SiteSpaceEntity {
  const row = SITE_SPACE.row(values);
  const space = PUBLISHED_SPACE.row(values, SITE_SPACE.length);
  return Object.assign(new SiteSpaceEntity(), {
    id: row.id,
    siteId: row.site_id,
    organizationId: row.organization_id,
    sectionId: row.section_id,
    spaceId: row.space_id,
    path: row.path,
    condition: row.condition,
    isDefault: row.is_default,
    position: row.position,
    customization: row.customization ?? null,
    createdAt: row.created_at,
    space: Object.assign(new SpaceEntity(), {
      id: space.id,
      organizationId: space.organization_id,
      title: space.title,
      emoji: space.emoji,
      language: space.language,
      revisionId: space.revision_id,
      visibility: space.visibility,
      deletedAt: null,
    }),
  });
}
