import { useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { Member, Organization, PendingInvitation, User } from '../api/types';
import { useResource } from '../api/use-resource';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Notice, NoticeLines } from '../components/notice';
import { Status } from '../components/status';
import { InviteForm } from './invite-form';
import { InviteLinksSection } from '../organization-wide/invite-links-section';
import { MemberRoleForm } from './member-role-form';
import { ROLES, roleName } from './roles';
import { SettingsFrame } from './settings-frame';

/** `/o/{organizationId}/settings/members`. */
export function MembersScreen({ organizationId }: { organizationId: string }) {
  return (
    <SettingsFrame organizationId={organizationId} current="members" title="Members">
      {(organization) => <Members organization={organization} />}
    </SettingsFrame>
  );
}

/** Who is asked to confirm: a member to remove, or an invitation to cancel (the same removal). */
type Removal = { member: Member; invitation: boolean };

/**
 * The members with their roles; for admins (the API lets only them), "Invite", a role per member,
 * "Remove" after a confirmation and the invitations not accepted yet. Others read the list.
 */
function Members({ organization }: { organization: Organization }) {
  const organizationId = organization.id;
  const admin = organization.permissions.admin;
  const members = useResource(`members:${organizationId}`, () => listAll<Member>(`/v1/orgs/${organizationId}/members`));
  const invitations = useResource(admin ? `invitations:${organizationId}` : null, () => listAll<PendingInvitation>(`/v1/orgs/${organizationId}/invites`));
  const me = useResource('user', () => api.get<User>('/v1/user'));
  const [notice, setNotice] = useState<Notice>();
  const [removal, setRemoval] = useState<Removal>();
  const pending = new Set(invitations.data?.map((invitation) => invitation.userId));
  const reload = async (message: string) => {
    await Promise.all([members.reload(), admin ? invitations.reload() : undefined]);
    setNotice({ text: message });
  };
  const failed = (message: string) => setNotice({ text: message, failed: true });

  return (
    <>
      {admin ? (
        <InviteForm organizationId={organizationId} onInvited={reload} />
      ) : (
        <p class="hint">Only admins can invite members, change roles and remove members.</p>
      )}
      <NoticeLines notice={notice} />
      <section aria-labelledby="members-title">
        <h2 id="members-title">Members{members.data ? ` (${members.data.length})` : ''}</h2>
        <Status resource={members} what="the members" />
        <ul class="cards settings-list">
          {members.data?.map((member) => (
            <li key={member.id} class="settings-item">
              <div class="settings-item-what">
                <strong>{member.user.displayName}</strong>
                {member.id === me.data?.id && ' (you)'}
                <span class="muted"> {member.user.email}</span>
                {pending.has(member.id) && <span class="badge">Invitation pending</span>}
              </div>
              {admin ? (
                <div class="settings-item-actions">
                  <MemberRoleForm organizationId={organizationId} member={member} onChanged={reload} onFailed={failed} />
                  <button type="button" class="secondary" aria-label={`Remove ${member.user.email}`} onClick={() => setRemoval({ member, invitation: false })}>
                    Remove
                  </button>
                </div>
              ) : (
                <span class="badge">{roleName(member.role)}</span>
              )}
            </li>
          ))}
        </ul>
        <details class="role-help">
          <summary>What each role can do</summary>
          <dl>
            {ROLES.map(({ role, name, can }) => [<dt key={`${role}-name`}>{name}</dt>, <dd key={`${role}-can`}>{can[0].toUpperCase() + can.slice(1)}.</dd>])}
            <dt>Guest</dt>
            <dd>Only what they are given access to.</dd>
          </dl>
        </details>
      </section>
      {admin && <InviteLinksSection organizationId={organizationId} />}
      {admin && (
        <section aria-labelledby="invitations-title">
          <h2 id="invitations-title">Pending invitations</h2>
          <Status resource={invitations} what="the pending invitations" />
          {invitations.data?.length === 0 && <p>No invitation is waiting to be accepted.</p>}
          <ul class="cards settings-list">
            {invitations.data?.map((invitation) => {
              const member = members.data?.find((candidate) => candidate.id === invitation.userId);
              return (
                <li key={invitation.id} class="settings-item">
                  <div class="settings-item-what">
                    <strong>{invitation.email}</strong> as {roleName(invitation.role)}
                    <span class="muted">
                      {' '}
                      · sent {new Date(invitation.createdAt).toLocaleDateString()}, the link works until {new Date(invitation.expiresAt).toLocaleDateString()}
                    </span>
                  </div>
                  {member && (
                    <button type="button" class="secondary" aria-label={`Cancel invitation for ${invitation.email}`} onClick={() => setRemoval({ member, invitation: true })}>
                      Cancel invitation
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {removal && (
        <ConfirmDialog
          title={removal.invitation ? `Cancel the invitation for ${removal.member.user.email}?` : `Remove ${removal.member.user.email}?`}
          confirm={removal.invitation ? 'Cancel invitation' : 'Remove'}
          onConfirm={async () => {
            await api.delete(`/v1/orgs/${organizationId}/members/${removal.member.id}`);
            await reload(removal.invitation ? `The invitation for ${removal.member.user.email} is cancelled.` : `${removal.member.user.email} is no longer a member.`);
          }}
          onClose={() => setRemoval(undefined)}
        >
          {removal.invitation ? (
            <p>Their link stops working and they are no longer a member.</p>
          ) : (
            <p>
              {removal.member.user.displayName} loses access to the organization's content and teams, and is signed out. Their pages and comments stay.
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
