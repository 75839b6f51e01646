import { OrganizationContent, spaceVisibleToMembers } from './content-access';

/**
 * SQL condition (alias `s`) for the live spaces of `scope`'s organization that its caller can
 * read, for statements that list or search across spaces: every one for an admin, those
 * `spaceVisibleToMembers` keeps for other members (their role's and their grants'). Undefined
 * when the caller reads no space at all (a guest nothing is granted to). `param` adds a value
 * to the statement and answers its placeholder (`$n`).
 */
export function readableSpacesSql(scope: OrganizationContent, param: (value: unknown) => string): string | undefined {
  if (scope.orgRole === null && scope.grants.empty) return undefined;
  const live = `s.organization_id = ${param(scope.organizationId)} AND s.deleted_at IS NULL`;
  if (scope.orgRole === 'admin') return live;
  return `${live} AND ${spaceVisibleToMembers(`${param(scope.hiddenCollectionIds())}::text[]`)}`;
}
