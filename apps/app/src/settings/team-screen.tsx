import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { Member, Organization, Team, TeamMember } from '../api/types';
import { useResource } from '../api/use-resource';
import { ConfirmDialog } from '../components/confirm-dialog';
import { InlineForm } from '../components/inline-form';
import { Notice, NoticeLines } from '../components/notice';
import { Status } from '../components/status';
import { SettingsFrame } from './settings-frame';
import { settingsHref } from './settings-nav';
import { teamCandidates } from './team-candidates';

/** `/o/{organizationId}/settings/teams/{teamId}`. */
export function TeamScreen({ organizationId, teamId }: { organizationId: string; teamId: string }) {
  const team = useResource(`team:${teamId}`, () => api.get<Team>(`/v1/orgs/${organizationId}/teams/${teamId}`));
  return (
    <SettingsFrame organizationId={organizationId} current="teams" title={team.data?.title ?? 'Team'}>
      {(organization) => (
        <>
          <p>
            <a href={settingsHref(organizationId, 'teams')}>All teams</a>
          </p>
          <Status resource={team} what="the team" />
          {team.data && <TeamPanel organization={organization} team={team.data} onRenamed={team.reload} />}
        </>
      )}
    </SettingsFrame>
  );
}

/**
 * A team's members. Admins rename and delete the team; admins and the team's owners (the team's
 * `permissions.admin`) add and remove its members and make them owners or plain members.
 */
function TeamPanel({ organization, team, onRenamed }: { organization: Organization; team: Team; onRenamed: () => Promise<void> }) {
  const { route } = useLocation();
  const organizationId = organization.id;
  const teamPath = `/v1/orgs/${organizationId}/teams/${team.id}`;
  const manageMembers = team.permissions.admin;
  const members = useResource(`team-members:${team.id}`, () => listAll<TeamMember>(`${teamPath}/members`));
  const everyone = useResource(manageMembers ? `members:${organizationId}` : null, () => listAll<Member>(`/v1/orgs/${organizationId}/members`));
  const [notice, setNotice] = useState<Notice>();
  const [confirming, setConfirming] = useState<{ kind: 'delete' } | { kind: 'remove'; member: Member }>();
  const [adding, setAdding] = useState(false);
  const candidates = teamCandidates(everyone.data ?? [], members.data ?? []);
  const done = async (text: string) => {
    await members.reload();
    setNotice({ text });
  };
  // An owner manages the team's members as an admin does; the API refuses what the caller may not (its message shown).
  const setRole = async (member: Member, role: 'owner' | 'member') => {
    try {
      await api.put(`${teamPath}/members/${member.id}`, { role });
      await done(role === 'owner' ? `${member.user.email} owns the team.` : `${member.user.email} is a member of the team, no longer an owner.`);
    } catch (failure) {
      setNotice({ text: (failure as Error).message, failed: true });
    }
  };

  return (
    <>
      {organization.permissions.admin && (
        <div class="settings-actions">
          <InlineForm
            label="Rename team"
            submit="Save"
            secondary
            onSubmit={async (data) => {
              const title = String(data.get('title') ?? '').trim();
              if (!title) throw new Error('Title is required.');
              await api.patch(teamPath, { title });
              await onRenamed();
              setNotice({ text: `The team is now called ${title}.` });
            }}
          >
            <label>
              Title <input name="title" required maxLength={64} defaultValue={team.title} />
            </label>
          </InlineForm>
          <button type="button" class="secondary" onClick={() => setConfirming({ kind: 'delete' })}>
            Delete team
          </button>
        </div>
      )}
      {!manageMembers && <p class="hint">Only admins and the team's owners can change its members.</p>}
      <NoticeLines notice={notice} />
      <section aria-labelledby="team-members-title">
        <h2 id="team-members-title">Members of the team{members.data ? ` (${members.data.length})` : ''}</h2>
        {manageMembers && (
          <form
            class="settings-form form-row"
            aria-label="Add a member to the team"
            onSubmit={async (event) => {
              event.preventDefault();
              const select = event.currentTarget.elements.namedItem('member') as HTMLSelectElement;
              const member = candidates.find((candidate) => candidate.id === select.value);
              if (!member) return;
              setAdding(true);
              try {
                await api.put(`${teamPath}/members/${member.id}`, {});
                await done(`${member.user.email} is in the team.`);
              } catch (failure) {
                setNotice({ text: (failure as Error).message, failed: true });
              } finally {
                setAdding(false);
              }
            }}
          >
            <label>
              Member
              <select name="member" disabled={candidates.length === 0}>
                {candidates.length === 0 && <option value="">Every member is in the team</option>}
                {candidates.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.user.displayName} ({member.user.email})
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={adding || candidates.length === 0}>
              Add to team
            </button>
          </form>
        )}
        <Status resource={members} what="the team's members" />
        {members.data?.length === 0 && <p>Nobody is in this team yet.</p>}
        <ul class="cards settings-list">
          {members.data?.map(({ organization: member, team: membership }) => (
            <li key={member.id} class="settings-item">
              <div class="settings-item-what">
                <strong>{member.user.displayName}</strong>
                <span class="muted"> {member.user.email}</span>
                {membership.role === 'owner' && <span class="badge">Owner</span>}
              </div>
              {manageMembers && (
                <div class="settings-item-actions">
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`${membership.role === 'owner' ? 'Make member' : 'Make owner'} ${member.user.email}`}
                    onClick={() => void setRole(member, membership.role === 'owner' ? 'member' : 'owner')}
                  >
                    {membership.role === 'owner' ? 'Make member' : 'Make owner'}
                  </button>
                  <button type="button" class="secondary" aria-label={`Remove ${member.user.email} from the team`} onClick={() => setConfirming({ kind: 'remove', member })}>
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      {confirming?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete the team ${team.title}?`}
          confirm="Delete team"
          onConfirm={async () => {
            await api.delete(teamPath);
            route(settingsHref(organizationId, 'teams'));
          }}
          onClose={() => setConfirming(undefined)}
        >
          <p>Its members stay in the organization; single sign-on stops adding people to it.</p>
        </ConfirmDialog>
      )}
      {confirming?.kind === 'remove' && (
        <ConfirmDialog
          title={`Remove ${confirming.member.user.email} from ${team.title}?`}
          confirm="Remove from team"
          onConfirm={async () => {
            await api.delete(`${teamPath}/members/${confirming.member.id}`);
            await done(`${confirming.member.user.email} is no longer in the team.`);
          }}
          onClose={() => setConfirming(undefined)}
        >
          <p>They stay a member of the organization.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
