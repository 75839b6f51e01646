import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api/client';
import type { InviteLink } from '../api/organization-wide-types';
import { useResource } from '../api/use-resource';
import { roleName } from '../settings/roles';

/**
 * `/join/{organizationId}/{inviteId}`: the page an invite link opens. The server sends someone
 * signed out to sign in first and back here; signed in, they see the organization and the role
 * the link gives, and "Join". A deleted, unknown or expired link says so; a member is told they
 * already are one.
 */
export function JoinScreen({ organizationId, inviteId }: { organizationId: string; inviteId: string }) {
  const { route } = useLocation();
  const link = useResource(`invite-link:${organizationId}:${inviteId}`, () => api.get<InviteLink>(`/v1/orgs/${organizationId}/link-invites/${inviteId}`));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const organizationHref = `/o/${organizationId}`;

  let body;
  if (link.error) {
    body =
      link.error instanceof ApiError && link.error.status === 404 ? (
        <>
          <h1>This invite link does not work</h1>
          <p>It was deleted, or it was copied incompletely. Ask an admin of the organization for a new link.</p>
        </>
      ) : (
        <p role="alert" class="error">
          The invite link could not be read: {link.error.message}
        </p>
      );
  } else if (!link.data) {
    body = <p role="status">Loading the invite link…</p>;
  } else if (link.data.redundant) {
    body = (
      <>
        <h1>You are a member of {link.data.organization.title}</h1>
        <p>
          <a href={organizationHref}>Open {link.data.organization.title}</a>
        </p>
      </>
    );
  } else if (new Date(link.data.expiresAt).getTime() <= Date.now()) {
    body = (
      <>
        <h1>This invite link has expired</h1>
        <p>It let people join {link.data.organization.title} until {new Date(link.data.expiresAt).toLocaleDateString()}. Ask an admin there for a new one.</p>
      </>
    );
  } else {
    const { organization, role } = link.data;
    body = (
      <>
        <h1>Join {organization.title}</h1>
        <p>This link lets you join as {roleName(role)}.</p>
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(undefined);
            try {
              await api.post(`/v1/orgs/${organizationId}/join`, { invite: inviteId });
              route(organizationHref);
            } catch (failure) {
              setError((failure as Error).message);
              setBusy(false);
            }
          }}
        >
          Join
        </button>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </>
    );
  }
  return (
    <main id="main" class="page join">
      {body}
    </main>
  );
}
