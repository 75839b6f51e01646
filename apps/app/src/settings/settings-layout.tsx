import type { ComponentChildren } from 'preact';
import { api } from '../api/client';
import type { Organization } from '../api/types';
import { useResource } from '../api/use-resource';
import { settingsNav } from './settings-nav';
import './admin.css';

/**
 * The frame of every organization settings screen: the settings navigation (`settingsNav`, the
 * current entry marked for screen readers) beside the screen itself.
 */
export function SettingsLayout({ organizationId, current, children }: { organizationId: string; current?: string; children: ComponentChildren }) {
  const organization = useResource(`organization:${organizationId}`, () => api.get<Organization>(`/v1/orgs/${organizationId}`));
  return (
    <div class="workspace">
      <nav class="sidebar" aria-label="Settings">
        <p class="breadcrumbs">
          <a href={`/o/${organizationId}`}>{organization.data?.title ?? 'Organization'}</a>
        </p>
        <h2 class="space-title">Settings</h2>
        <ul class="settings-nav">
          {settingsNav.map((entry) => (
            <li key={entry.path}>
              <a href={`/o/${organizationId}/settings/${entry.path}`} aria-current={entry.path === current ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" class="page">
        {children}
      </main>
    </div>
  );
}

/** `/o/{organizationId}/settings`: what can be set, one link each. */
export function SettingsIndexScreen({ organizationId }: { organizationId: string }) {
  return (
    <SettingsLayout organizationId={organizationId}>
      <h1>Settings</h1>
      <ul class="cards">
        {settingsNav.map((entry) => (
          <li key={entry.path}>
            <a href={`/o/${organizationId}/settings/${entry.path}`}>{entry.label}</a>
          </li>
        ))}
      </ul>
    </SettingsLayout>
  );
}
