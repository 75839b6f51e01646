import { useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { ChangeRequest, ListOf, Organization, Space, User } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { changeRequestHref, changeRequestTitle, STATUS_WORDS } from '../change-requests/change-request-words';
import { OrganizationContent } from '../screens/organization-screen';
import { changeRequestsQuery, CHANGE_REQUEST_STATUSES, ChangeRequestStatus } from './change-requests-query';

/** Change requests read per request ("Show more" reads the next ones). */
const PAGE_SIZE = 50;

/**
 * `/o/{organizationId}/change-requests`: the change requests of every space the person can read,
 * one status at a time (open first, the API's default), newest first, each with its space; "Only
 * mine" keeps those they created.
 */
export function OrganizationChangeRequestsScreen({ organizationId }: { organizationId: string }) {
  const [status, setStatus] = useState<ChangeRequestStatus>('open');
  const [mine, setMine] = useState(false);
  const organization = useResource(`organization:${organizationId}`, () => api.get<Organization>(`/v1/orgs/${organizationId}`));
  const me = useResource('user', () => api.get<User>('/v1/user'));
  const spaces = useResource(`spaces:${organizationId}`, async () => new Map((await listAll<Space>(`/v1/orgs/${organizationId}/spaces`)).map((space) => [space.id, space.title])));
  const creator = mine ? me.data?.id : undefined;
  const key = mine && !creator ? null : `org-change-requests:${organizationId}:${status}:${creator ?? ''}`;
  const [more, setMore] = useState<{ key: string | null; items: ChangeRequest[]; next?: string }>({ key: null, items: [] });
  const first = useResource(key, () => api.get<ListOf<ChangeRequest>>(`/v1/orgs/${organizationId}/change-requests?${changeRequestsQuery({ status, creator, limit: PAGE_SIZE })}`));
  // Pages read with "Show more" belong to the list they followed.
  const extra = more.key === key ? more : { items: [], next: undefined };
  const next = extra.next ?? (extra.items.length === 0 ? first.data?.next?.page : undefined);
  const items = [...(first.data?.items ?? []), ...extra.items];

  return (
    <div class="workspace">
      <OrganizationContent organizationId={organizationId} />
      <main id="main" class="page">
        <h1>Change requests{organization.data ? ` in ${organization.data.title}` : ''}</h1>
        <p class="hint">Across every space you can read. Open one to review it, comment or merge.</p>
        <form class="form-row" aria-label="Which change requests" onSubmit={(event) => event.preventDefault()}>
          <label>
            Status
            <select value={status} onChange={(event) => setStatus((event.target as HTMLSelectElement).value as ChangeRequestStatus)}>
              {CHANGE_REQUEST_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_WORDS[value]}
                </option>
              ))}
            </select>
          </label>
          <label class="checkbox">
            <input type="checkbox" checked={mine} onChange={(event) => setMine((event.target as HTMLInputElement).checked)} /> Only mine
          </label>
        </form>
        <Status resource={first} what="the change requests" />
        {first.data && (
          <p role="status" class="hint">
            {first.data.count === 0 ? `No change request is ${STATUS_WORDS[status].toLowerCase()}.` : `${first.data.count} ${STATUS_WORDS[status].toLowerCase()}.`}
          </p>
        )}
        {items.length > 0 && (
          <ul class="cards settings-list organization-change-requests" aria-label="Change requests">
            {items.map((cr) => (
              <li key={cr.id} class="settings-item">
                <div class="settings-item-what">
                  <a href={changeRequestHref(cr.space, cr.number)}>{changeRequestTitle(cr)}</a>
                  <span class="muted">
                    {' '}
                    in {spaces.data?.get(cr.space) ?? 'a space'}
                    {cr.createdBy ? `, by ${cr.createdBy.displayName}` : ''}, {new Date(cr.createdAt).toLocaleDateString()}
                  </span>
                  {cr.outdated && <span class="badge">Behind the space</span>}
                </div>
              </li>
            ))}
          </ul>
        )}
        {next && (
          <button
            type="button"
            class="secondary"
            onClick={async () => {
              const page = await api.get<ListOf<ChangeRequest>>(`/v1/orgs/${organizationId}/change-requests?${changeRequestsQuery({ status, creator, limit: PAGE_SIZE, page: next })}`);
              setMore({ key, items: [...extra.items, ...page.items], next: page.next?.page ?? '' });
            }}
          >
            Show more
          </button>
        )}
      </main>
    </div>
  );
}
