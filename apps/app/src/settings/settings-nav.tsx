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
  { label: 'Webhooks', path: 'webhooks' },
  { label: 'OpenAPI specs', path: 'openapi' },
];
