import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { callerGrantsJson, CallerGrantsJson, collectionTreeJson, CollectionTreeJson, ContentAccess, OrganizationContent, organizationContentOf } from '@docs/content';
import type { Caller, MemberRoleOrGuest } from '@docs/identity';
import { preparedStatement, SqlPool } from '@docs/platform';
import type { SiteEntity } from '../sites/site.entity';
import { siteColumns, siteFromRow } from '../sites/site-rows';
import type { SiteStructure } from '../structure/site-structure';
import { SiteStructureReader } from '../structure/site-structure.reader';
import { StructureJson, structureJson } from '../structure/structure-rows';
import { sitePolicy } from './site-policy';

/** What a site operation needs: the site, the caller, and the caller's view of the organization's content. */
export interface SiteContext {
  site: SiteEntity;
  caller: Caller;
  /** The caller's role and the caps of every collection: which spaces the caller can read. */
  org: OrganizationContent;
}

export type SiteNeed = 'read' | 'manage';

/**
 * The caller's active membership, the organization's collection tree and the caller's grants (as
 * content's `content_organization_scope` reads them) and the site if it belongs to the organization: no row
 * for a non-member, a row without site for an unknown site. $1 organization, $2 user, $3 site.
 */
const SCOPE_AND_SITE = `SELECT m.role AS member_role, ${collectionTreeJson('$1')} AS tree, ${callerGrantsJson('$1', '$2')} AS grants, ${siteColumns('st')}`;
const FROM_MEMBERSHIP = `FROM organization_members m
     LEFT JOIN sites st ON st.id = $3 AND st.organization_id = $1
    WHERE m.organization_id = $1 AND m.user_id = $2 AND NOT m.disabled`;

const FIND_SITE = preparedStatement('sites_find_site', `${SCOPE_AND_SITE} ${FROM_MEMBERSHIP}`);

const STRUCTURE = structureJson('st.id');

/** FIND_SITE with the site's whole structure: a read of the structure in one round trip. */
const FIND_SITE_STRUCTURE = preparedStatement(
  'sites_find_site_structure',
  `${SCOPE_AND_SITE}, ${STRUCTURE.groups} AS groups, ${STRUCTURE.sections} AS sections, ${STRUCTURE.siteSpaces} AS site_spaces
     ${FROM_MEMBERSHIP}`,
);

interface ScopeRow extends Record<string, any> {
  member_role: MemberRoleOrGuest;
  tree: CollectionTreeJson;
  grants: CallerGrantsJson;
}

/**
 * The gate of every site route. Outsiders get 404 for the organization, guests 403 on the
 * organization's lists and 404 for its sites (they see no content), members below admin 403 on
 * what changes a site. The organization scope and the site come in one prepared statement.
 */
@Injectable()
export class SiteAccess {
  constructor(
    private readonly content: ContentAccess,
    private readonly sql: SqlPool,
    private readonly reader: SiteStructureReader,
  ) {}

  async organization(organizationId: string, caller: Caller, need: SiteNeed, action: string): Promise<OrganizationContent> {
    const org = await this.content.requireOrganization(organizationId, caller);
    if (!sitePolicy.read(org.orgRole)) throw new ForbiddenException(`Guests cannot ${action}.`);
    if (need === 'manage' && !sitePolicy.manage(org.orgRole)) throw new ForbiddenException(`Only members with the admin role can ${action}.`);
    return org;
  }

  async site(organizationId: string, siteId: string, caller: Caller, need: SiteNeed, action: string): Promise<SiteContext> {
    const row = await this.sql.first<ScopeRow>(FIND_SITE, [organizationId, caller.userId, siteId]);
    return contextOf(row, organizationId, siteId, caller, need, action);
  }

  /** `site(..., 'read', ...)` and the structure as the caller sees it, in one round trip. */
  async readStructure(organizationId: string, siteId: string, caller: Caller, action: string): Promise<{ context: SiteContext; structure: SiteStructure }> {
    const row = await this.sql.first<ScopeRow & StructureJson>(FIND_SITE_STRUCTURE, [organizationId, caller.userId, siteId]);
    const context = contextOf(row, organizationId, siteId, caller, 'read', action);
    return { context, structure: this.reader.fromJson(context.site, row as StructureJson, context.org) };
  }
}

/** The checks of `SiteAccess.site` on a FIND_SITE row, in their order: organization, site, role. */
function contextOf(row: ScopeRow | undefined, organizationId: string, siteId: string, caller: Caller, need: SiteNeed, action: string): SiteContext {
  if (!row) throw new NotFoundException(`No organization has the id ${organizationId}.`);
  const org = organizationContentOf(organizationId, row.member_role, row.tree, [], row.grants);
  if (!sitePolicy.read(org.orgRole) || row.id === null) throw siteNotFound(siteId);
  if (need === 'manage' && !sitePolicy.manage(org.orgRole)) throw new ForbiddenException(`Only members with the admin role can ${action}.`);
  return { site: siteFromRow(row), caller, org };
}

export function siteNotFound(siteId: string): NotFoundException {
  return new NotFoundException(`No site of this organization has the id ${siteId}.`);
}
