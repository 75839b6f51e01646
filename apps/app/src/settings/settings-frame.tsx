import type { ComponentChildren } from 'preact';
import { api } from '../api/client';
import type { Organization } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { SettingsLayout } from './settings-layout';

interface SettingsFrameProps {
  organizationId: string;
  /** The `settingsNav` entry this screen belongs to. */
  current: string;
  /** The screen's heading. */
  title: string;
  /** The screen, once the organization (its title, the caller's permissions) is read. */
  children: (organization: Organization) => ComponentChildren;
}

/** A settings screen that needs the organization first: its heading, then the screen given what the caller may do. */
export function SettingsFrame({ organizationId, current, title, children }: SettingsFrameProps) {
  const organization = useResource(`organization:${organizationId}`, () => api.get<Organization>(`/v1/orgs/${organizationId}`));
  return (
    <SettingsLayout organizationId={organizationId} current={current}>
      <div class="settings">
        <h1>{title}</h1>
        <Status resource={organization} what="the organization" />
        {organization.data && children(organization.data)}
      </div>
    </SettingsLayout>
  );
}
