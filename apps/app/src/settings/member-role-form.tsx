import { useState } from 'preact/hooks';
import { api } from '../api/client';
import type { Member } from '../api/types';
import { choiceOfRole, ROLE_CHOICES, roleName, roleOfChoice } from './roles';

interface MemberRoleFormProps {
  organizationId: string;
  member: Member;
  onChanged: (message: string) => Promise<void>;
  onFailed: (message: string) => void;
}

/**
 * A member's role, for admins: choose, then "Change role" (a choice alone changes nothing, so that
 * walking the list with the arrow keys never grants a role on the way).
 */
export function MemberRoleForm({ organizationId, member, onChanged, onFailed }: MemberRoleFormProps) {
  const [choice, setChoice] = useState(choiceOfRole(member.role));
  const [busy, setBusy] = useState(false);
  const email = member.user.email;
  return (
    <form
      class="role-form"
      aria-label={`Role of ${email}`}
      onSubmit={async (event) => {
        event.preventDefault();
        const role = roleOfChoice(choice);
        setBusy(true);
        try {
          await api.patch(`/v1/orgs/${organizationId}/members/${member.id}`, { role });
          await onChanged(`${email} is now ${roleName(role)}.`);
        } catch (failure) {
          setChoice(choiceOfRole(member.role));
          onFailed((failure as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <label>
        <span class="visually-hidden">Role of {email}</span>
        <select value={choice} onChange={(event) => setChoice(event.currentTarget.value)}>
          {ROLE_CHOICES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="secondary" disabled={busy || choice === choiceOfRole(member.role)} aria-label={`Change role of ${email}`}>
        Change role
      </button>
    </form>
  );
}
