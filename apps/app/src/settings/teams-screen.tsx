import { useLocation } from 'preact-iso';
import { api, listAll } from '../api/client';
import type { Organization, Team } from '../api/types';
import { useResource } from '../api/use-resource';
import { CreateForm } from '../components/create-form';
import { Status } from '../components/status';
import { SettingsFrame } from './settings-frame';
import { settingsHref } from './settings-nav';

/** `/o/{organizationId}/settings/teams`. */
export function TeamsScreen({ organizationId }: { organizationId: string }) {
  return (
    <SettingsFrame organizationId={organizationId} current="teams" title="Teams">
      {(organization) => <Teams organization={organization} />}
    </SettingsFrame>
  );
}

/** The teams, each leading to its members; "New team" for admins, who alone may make one. */
function Teams({ organization }: { organization: Organization }) {
  const { route } = useLocation();
  const organizationId = organization.id;
  const teams = useResource(`teams:${organizationId}`, () => listAll<Team>(`/v1/orgs/${organizationId}/teams`));
  return (
    <>
      {organization.permissions.admin ? (
        <div class="settings-actions">
          <CreateForm
            label="New team"
            onCreate={async (title) => {
              const team = await api.put<Team>(`/v1/orgs/${organizationId}/teams`, { title });
              route(settingsHref(organizationId, `teams/${team.id}`));
            }}
          />
        </div>
      ) : (
        <p class="hint">Only admins can make, rename and delete teams; a team's owners manage its members.</p>
      )}
      <Status resource={teams} what="the teams" />
      {teams.data?.length === 0 && <p>No team yet.</p>}
      <ul class="cards settings-list">
        {teams.data?.map((team) => (
          <li key={team.id} class="settings-item">
            <a href={settingsHref(organizationId, `teams/${team.id}`)}>{team.title}</a>
            <span class="muted">
              {team.members} {team.members === 1 ? 'member' : 'members'}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
