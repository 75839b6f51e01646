import { MemberRoleOrGuest, OrganizationEntity } from '@docs/identity';
import type { IntegrationEntity } from './integration.entity';

/** The columns an Integration's presentation reads: never the script, nor the sealed secrets. */
export type PresentedIntegration = Pick<
  IntegrationEntity,
  | 'name'
  | 'ownerOrganizationId'
  | 'version'
  | 'title'
  | 'description'
  | 'summary'
  | 'visibility'
  | 'target'
  | 'scopes'
  | 'categories'
  | 'blocks'
  | 'contentSources'
  | 'externalLinks'
  | 'configurations'
  | 'contentSecurityPolicy'
  | 'iconAssetId'
  | 'previewAssetIds'
  | 'events'
  | 'eventsUrl'
>;

/** The caller's standing towards an integration's owner, as its presentation needs it. */
export interface IntegrationViewer {
  /** An active member (guests included) of the owning organization. */
  isMember: boolean;
  /** Their role there; null for guests and outsiders. */
  role: MemberRoleOrGuest;
  /** They own a team in the owning organization (Organization.permissions.ownTeam). */
  ownsTeam: boolean;
  /** They administer at least one organization (where a public integration could be installed). */
  adminSomewhere: boolean;
}

/** An integration, its owner and the caller's standing: everything `IntegrationViews.present` needs. */
export interface ViewedIntegration {
  integration: PresentedIntegration;
  owner: OrganizationEntity;
  viewer: IntegrationViewer;
}

/**
 * The select list of a ViewedIntegration, for SQL where the integration is aliased `i`, its
 * owner `o`, the caller's active membership of the owner `m` (a LEFT JOIN) and the caller's id
 * is `userParam`. The team and admin checks are index lookups (`team_members_member_idx`,
 * `organization_members_user_idx`); the second does not depend on the row, so PostgreSQL runs
 * it once per statement, not once per integration.
 */
export function viewedIntegrationColumns(userParam: string): string {
  return `i.name, i.owner_organization_id, i.version, i.title, i.description, i.summary, i.visibility, i.target, i.scopes,
    i.categories, i.blocks, i.content_sources, i.external_links, i.configurations, i.content_security_policy, i.icon_asset_id,
    i.preview_asset_ids, i.events, i.events_url,
    o.title AS owner_title, o.type AS owner_type, o.email_domains AS owner_email_domains, o.created_at AS owner_created_at,
    o.merge_rules AS owner_merge_rules,
    m.user_id IS NOT NULL AS is_member, m.role AS member_role,
    EXISTS (SELECT 1 FROM team_members t
             WHERE t.organization_id = i.owner_organization_id AND t.user_id = ${userParam} AND t.role = 'owner') AS owns_team,
    EXISTS (SELECT 1 FROM organization_members a WHERE a.user_id = ${userParam} AND a.role = 'admin' AND NOT a.disabled) AS admin_somewhere`;
}

/** The caller's active membership (guests included) of the owner of integration `i`, as `m`: a row or NULLs. */
export function callerMembershipJoin(userParam: string): string {
  return `LEFT JOIN organization_members m ON m.organization_id = i.owner_organization_id AND m.user_id = ${userParam} AND NOT m.disabled`;
}

/** `FROM` and joins matching `viewedIntegrationColumns`. */
export function viewedIntegrationFrom(userParam: string): string {
  return `integrations i
    JOIN organizations o ON o.id = i.owner_organization_id
    ${callerMembershipJoin(userParam)}`;
}

export function viewedIntegrationFromRow(row: Record<string, any>): ViewedIntegration {
  return {
    integration: {
      name: row.name,
      ownerOrganizationId: row.owner_organization_id,
      version: row.version,
      title: row.title,
      description: row.description,
      summary: row.summary,
      visibility: row.visibility,
      target: row.target,
      scopes: row.scopes,
      categories: row.categories,
      blocks: row.blocks,
      contentSources: row.content_sources,
      externalLinks: row.external_links,
      configurations: row.configurations,
      contentSecurityPolicy: row.content_security_policy,
      iconAssetId: row.icon_asset_id,
      previewAssetIds: row.preview_asset_ids,
      events: row.events,
      eventsUrl: row.events_url,
    },
    owner: Object.assign(new OrganizationEntity(), {
      id: row.owner_organization_id,
      title: row.owner_title,
      type: row.owner_type,
      emailDomains: row.owner_email_domains,
      createdAt: row.owner_created_at,
      mergeRules: row.owner_merge_rules,
    }),
    viewer: {
      isMember: row.is_member,
      role: row.is_member ? row.member_role : null,
      ownsTeam: row.owns_team,
      adminSomewhere: row.admin_somewhere,
    },
  };
}

/** Who may see an integration they have the name of: public and unlisted ones anyone, private ones its organization's members. */
export function canSeeIntegration(viewed: Pick<ViewedIntegration, 'integration' | 'viewer'>): boolean {
  return viewed.integration.visibility !== 'private' || viewed.viewer.isMember;
}
