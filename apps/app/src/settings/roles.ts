import type { MemberRole, MemberRoleOrGuest } from '../api/types';

/** The roles, most capable first, with the word the app shows and what each may do (docs/permissions.md). */
export const ROLES: { role: MemberRole; name: string; can: string }[] = [
  { role: 'admin', name: 'Admin', can: 'everything, including members, teams and single sign-on' },
  { role: 'create', name: 'Creator', can: 'make spaces and collections, and all a reviewer does' },
  { role: 'review', name: 'Reviewer', can: 'review and merge change requests, and all an editor does' },
  { role: 'edit', name: 'Editor', can: 'write pages and open change requests' },
  { role: 'comment', name: 'Commenter', can: 'read and comment' },
  { role: 'read', name: 'Reader', can: 'read' },
];

/** The value a form's role choice carries for a guest (a select's value cannot be null). */
export const GUEST = 'guest';

export function roleName(role: MemberRoleOrGuest): string {
  return role === null ? 'Guest' : (ROLES.find((entry) => entry.role === role)?.name ?? role);
}

/** Every choice of a role field: the roles, then Guest (only what they are given access to). */
export const ROLE_CHOICES: { value: string; label: string }[] = [...ROLES.map(({ role, name }) => ({ value: role, label: name })), { value: GUEST, label: 'Guest' }];

export function choiceOfRole(role: MemberRoleOrGuest): string {
  return role ?? GUEST;
}

/** A role field's value as the API takes it: a role, or null for a guest. */
export function roleOfChoice(value: string): MemberRoleOrGuest {
  if (value === GUEST) return null;
  const found = ROLES.find((entry) => entry.role === value);
  if (!found) throw new Error(`Not a role: ${value}`);
  return found.role;
}
