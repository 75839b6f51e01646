import { useLocation } from 'preact-iso';
import { api, listAll } from '../api/client';
import type { ChangeRequest } from '../api/types';
import { useResource } from '../api/use-resource';
import { CreateForm } from '../components/create-form';
import { Status } from '../components/status';
import { changeRequestHref, changeRequestTitle, STATUS_WORDS } from './change-request-words';

/** The statuses in the order the list shows them: those still in the works first. */
const ACTIVE = ['open', 'draft'] as const;
const CLOSED = ['merged', 'archived'] as const;

/**
 * A space's change requests (open, then drafts; merged and archived folded) and "New change
 * request". `latest`: the one the screen's edits went to last (read again when it is new).
 */
export function ChangeRequestList({ spaceId, canCreate, latest }: { spaceId: string; canCreate: boolean; latest?: string }) {
  const { route } = useLocation();
  const lists = useResource(`change-requests:${spaceId}:${latest ?? ''}`, async () => {
    const all = await Promise.all([...ACTIVE, ...CLOSED].map((status) => listAll<ChangeRequest>(`/v1/spaces/${spaceId}/change-requests?status=${status}`)));
    return { active: all.slice(0, ACTIVE.length).flat(), closed: all.slice(ACTIVE.length).flat() };
  });
  const item = (cr: ChangeRequest) => (
    <li key={cr.id}>
      <a href={changeRequestHref(spaceId, cr.number)}>{changeRequestTitle(cr)}</a> <span class="badge">{STATUS_WORDS[cr.status] ?? cr.status}</span>
    </li>
  );
  return (
    <section class="change-request-list" aria-labelledby="change-requests-heading">
      <h2 id="change-requests-heading">Change requests</h2>
      {canCreate && (
        <CreateForm
          label="New change request"
          field="Subject"
          onCreate={async (subject) => {
            const created = await api.post<ChangeRequest>(`/v1/spaces/${spaceId}/change-requests`, { subject });
            route(changeRequestHref(spaceId, created.number));
          }}
        />
      )}
      <Status resource={lists} what="the change requests" />
      {lists.data && (
        <>
          {lists.data.active.length === 0 ? <p class="muted">None open.</p> : <ul class="change-request-items">{lists.data.active.map(item)}</ul>}
          {lists.data.closed.length > 0 && (
            <details>
              <summary>Merged and archived ({lists.data.closed.length})</summary>
              <ul class="change-request-items">{lists.data.closed.map(item)}</ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}
