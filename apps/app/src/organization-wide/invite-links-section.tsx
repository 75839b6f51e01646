import { useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { InviteLink } from '../api/organization-wide-types';
import { useResource } from '../api/use-resource';
import { ConfirmButton } from '../components/confirm-button';
import { CopyButton } from '../components/copy-button';
import { Notice, NoticeLines } from '../components/notice';
import { Status } from '../components/status';
import { ROLE_CHOICES, roleName, roleOfChoice } from '../settings/roles';

/**
 * "Invite links" of the members settings (admins): "Create link" makes a link that lets anyone signed in who
 * opens it join with a role, copy it, delete it (it stops working at once). Expired links stay
 * listed, marked, until deleted.
 */
export function InviteLinksSection({ organizationId }: { organizationId: string }) {
  const links = useResource(`invite-links:${organizationId}`, () => listAll<InviteLink>(`/v1/orgs/${organizationId}/link-invites`));
  const [notice, setNotice] = useState<Notice>();
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="invite-links-title">
      <h2 id="invite-links-title">Invite links</h2>
      <form
        class="settings-form form-row"
        aria-label="New invite link"
        onSubmit={async (event) => {
          event.preventDefault();
          const role = roleOfChoice((event.currentTarget.elements.namedItem('role') as HTMLSelectElement).value);
          setBusy(true);
          try {
            await api.post<InviteLink>(`/v1/orgs/${organizationId}/link-invites`, { role });
            await links.reload();
            setNotice({ text: `A new link lets people join as ${roleName(role)}: copy it and send it to them.` });
          } catch (failure) {
            setNotice({ text: (failure as Error).message, failed: true });
          } finally {
            setBusy(false);
          }
        }}
      >
        <label>
          Role of people joining
          <select name="role">
            {ROLE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value} selected={choice.value === 'read'}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        {/* Not "…invite…": the members screen's "Invite" button is found by that name. */}
        <button type="submit" disabled={busy}>
          Create link
        </button>
        <p class="hint">Anyone with the link can join once signed in, for 30 days. Delete it to stop it at once.</p>
      </form>
      <NoticeLines notice={notice} />
      <Status resource={links} what="the invite links" />
      {links.data?.length === 0 && <p>No invite link.</p>}
      <ul class="cards settings-list" aria-label="Invite links">
        {links.data?.map((link) => {
          const expired = new Date(link.expiresAt).getTime() <= Date.now();
          return (
            <li key={link.id} class="settings-item">
              <div class="settings-item-what">
                <strong>Joins as {roleName(link.role)}</strong>
                {expired ? <span class="badge">Expired</span> : <span class="muted"> · works until {new Date(link.expiresAt).toLocaleDateString()}</span>}
                <code class="invite-link-url">{link.urls.app}</code>
              </div>
              <div class="settings-item-actions">
                {!expired && <CopyButton value={link.urls.app} what="link" />}
                <ConfirmButton
                  label="Delete link"
                  question={`Delete this link for ${roleName(link.role)}? Nobody can join with it any more.`}
                  onConfirm={async () => {
                    await api.delete(`/v1/orgs/${organizationId}/link-invites/${link.id}`);
                    await links.reload();
                    setNotice({ text: `The link for ${roleName(link.role)} is deleted.` });
                  }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
