import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { useEffect } from 'preact/hooks';
import { api } from '../api/client';
import type { Organization } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { SETTINGS_ENTRIES, settingsHref, SettingsNav } from './settings-nav';

interface SettingsFrameProps {
  organizationId: string;
  /** The entry of the navigation this screen belongs to. */
  current: string;
  /** The screen's heading. */
  title: string;
  /** The screen, once the organization (its title, the caller's permissions) is read. */
  children: (organization: Organization) => ComponentChildren;
}

/** Every settings screen's frame: the settings' navigation beside the screen, under its heading. */
export function SettingsFrame({ organizationId, current, title, children }: SettingsFrameProps) {
  const organization = useResource(`organization:${organizationId}`, () => api.get<Organization>(`/v1/orgs/${organizationId}`));
  return (
    <div class="workspace">
      <SettingsNav organizationId={organizationId} current={current} />
      <main id="main" class="page settings">
        {organization.data && <p class="breadcrumbs">{organization.data.title} · Settings</p>}
        <h1>{title}</h1>
        <Status resource={organization} what="the organization" />
        {organization.data && children(organization.data)}
      </main>
    </div>
  );
}

/** `/o/{organizationId}/settings`: its first screen. */
export function SettingsIndexScreen({ organizationId }: { organizationId: string }) {
  const { route } = useLocation();
  useEffect(() => route(settingsHref(organizationId, SETTINGS_ENTRIES[0].segment), true), [organizationId]);
  return null;
}
