import { OrganizationContent, spaceVisibleToMembers } from './content-access';
import { contentLevel } from '../permissions/content-permissions';

/**
 * SQL condition (alias `s`) for the live spaces of `scope`'s organization that its caller can
 * read, for statements that list or search across spaces: every one for an admin, those
 * `spaceVisibleToMembers` keeps for other members. Undefined when the caller reads no space at
 * all (a guest). `param` adds a value to the statement and answers its placeholder (`$n`).
 */
export function readableSpacesSql(scope: OrganizationContent, param: (value: unknown) => string): string | undefined {
  if (contentLevel(scope.orgRole, 'organization') === null) return undefined;
  const live = `s.organization_id = ${param(scope.organizationId)} AND s.deleted_at IS NULL`;
  if (scope.orgRole === 'admin') return live;
  return `${live} AND ${spaceVisibleToMembers(`${param(scope.hiddenCollectionIds())}::text[]`)}`;
}
