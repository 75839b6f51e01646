/** One screen of an organization's settings, at `/o/{organizationId}/settings/{segment}`. */
export interface SettingsEntry {
  segment: string;
  label: string;
}

/** The organization's settings, in the order the navigation lists them: a plain list, one line each. */
export const SETTINGS_ENTRIES: SettingsEntry[] = [
  { segment: 'members', label: 'Members' },
  { segment: 'teams', label: 'Teams' },
  { segment: 'sso', label: 'Single sign-on' },
];

export function settingsHref(organizationId: string, segment: string): string {
  return `/o/${organizationId}/settings/${segment}`;
}

/** The settings' navigation: every entry, the current one marked, and the way back to the content. */
export function SettingsNav({ organizationId, current }: { organizationId: string; current: string }) {
  return (
    <nav class="sidebar settings-nav" aria-label="Settings">
      <p>
        <a href={`/o/${organizationId}`}>Back to the content</a>
      </p>
      <ul>
        {SETTINGS_ENTRIES.map((entry) => (
          <li key={entry.segment}>
            <a href={settingsHref(organizationId, entry.segment)} aria-current={entry.segment === current ? 'page' : undefined}>
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
