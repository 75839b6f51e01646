import { useState } from 'preact/hooks';
import { api } from '../api/client';
import { readAddresses } from './invite-addresses';
import { ROLE_CHOICES, roleName, roleOfChoice } from './roles';

interface InviteFormProps {
  organizationId: string;
  /** After the API answered: what to tell the person. */
  onInvited: (message: string) => void;
}

/**
 * "Invite": addresses and the role they join with. The API makes each new member and mails them a
 * link to choose a password (without mail set up, the link is in the worker's log).
 */
export function InviteForm({ organizationId, onInvited }: InviteFormProps) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="settings-form"
      aria-label="Invite members"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const { addresses, invalid } = readAddresses((form.elements.namedItem('emails') as HTMLInputElement).value);
        if (invalid.length > 0) return setError(`Not an email address: ${invalid.join(', ')}.`);
        if (addresses.length === 0) return setError('Write at least one email address.');
        const role = roleOfChoice((form.elements.namedItem('role') as HTMLSelectElement).value);
        setBusy(true);
        setError(undefined);
        try {
          const answer = await api.post<{ invited: number }>(`/v1/orgs/${organizationId}/invites`, { emails: addresses, role });
          const already = addresses.length - answer.invited;
          const invited = answer.invited === 1 && addresses.length === 1 ? addresses[0] : `${answer.invited} ${answer.invited === 1 ? 'person' : 'people'}`;
          onInvited(
            (answer.invited > 0 ? `Invited ${invited} as ${roleName(role)}: a mail with a link to join is on its way.` : 'Nobody new to invite.') +
              (already > 0 ? ` ${already === 1 ? 'One address belongs' : `${already} addresses belong`} to a member already.` : ''),
          );
          form.reset();
        } catch (failure) {
          setError((failure as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2>Invite</h2>
      <div class="form-row">
        <label>
          Email addresses
          <input name="emails" autocomplete="off" aria-describedby="invite-hint" aria-invalid={error ? true : undefined} />
        </label>
        <label>
          Role
          <select name="role">
            {ROLE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value} selected={choice.value === 'read'}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy}>
          Invite
        </button>
      </div>
      <p id="invite-hint" class="hint">
        Separate addresses with commas. Each new member gets a mail with a link, valid 7 days, to choose a password.
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </form>
  );
}
