import type { MemberRoleOrGuest } from '@docs/identity';

/**
 * Who may do what with the sites of an organization (docs/permissions.md, "Sites"). Pure:
 * callers turn `false` into 404 where the caller may not even see the object, 403 otherwise.
 */
export const sitePolicy = {
  /** Sites, their structure and adaptive schema: every member with a role (guests see no content). */
  read: (role: MemberRoleOrGuest): boolean => role !== null,
  /** Creating, configuring, publishing and deleting sites, and their share links: admins. */
  manage: (role: MemberRoleOrGuest): boolean => role === 'admin',
};
