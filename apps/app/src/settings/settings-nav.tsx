/**
 * The organization's settings, in the order the settings navigation lists them: each `path` is
 * the part after `/o/{organizationId}/settings/`. A plain array, so each part of the
 * administration adds its own entries.
 */
export interface SettingsNavEntry {
  label: string;
  path: string;
}

export const settingsNav: SettingsNavEntry[] = [
  { label: 'Members', path: 'members' },
  { label: 'Teams', path: 'teams' },
  { label: 'Single sign-on', path: 'sso' },
  { label: 'Webhooks', path: 'webhooks' },
  { label: 'OpenAPI specs', path: 'openapi' },
];

/** The URL of a settings screen (`path` as in `settingsNav`, or below one: `teams/{teamId}`). */
export function settingsHref(organizationId: string, path: string): string {
  return `/o/${organizationId}/settings/${path}`;
}
