import { MemberRoleOrGuest, roleAtLeast } from '@docs/identity';

/**
 * Who may do what with an organization's OpenAPI specs (docs/permissions.md, "OpenAPI specs"):
 * members with a role see them all; from `create` up (the organization's `createOpenAPISpec`)
 * they create, change and delete them. Guests, who see only the content shared with them, see
 * none (an empty list, 404 for one).
 */
export function specPermissions(role: MemberRoleOrGuest): { view: boolean; edit: boolean } {
  return { view: role !== null, edit: roleAtLeast(role, 'create') };
}
