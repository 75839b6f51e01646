import { api, listAll } from '../api/client';
import type { ShareLink } from '../api/types';
import { useResource } from '../api/use-resource';
import { ActionStatus, useAction } from '../components/action-status';
import { InlineForm } from '../components/inline-form';
import { Status } from '../components/status';

/**
 * The site's share links (admins: their addresses hold their keys): each opens the site while it
 * is active and the site's visibility is "Share link". Create, deactivate and activate, revoke.
 */
export function ShareLinksPanel({ base, visibility }: { base: string; visibility: string }) {
  const links = useResource(`share-links:${base}`, () => listAll<ShareLink>(`${base}/share-links`));
  const { state, run } = useAction();
  const act = (action: () => Promise<unknown>, done: string) => (state.busy ? undefined : run(async () => (await action(), links.reload()), done));
  return (
    <section class="panel" aria-labelledby="share-links-heading">
      <h2 id="share-links-heading">Share links</h2>
      {visibility !== 'share-link' && <p class="help">Share links open the site only while its visibility is “Share link”.</p>}
      <InlineForm
        label="New share link"
        submit="Create"
        onSubmit={async (data) => {
          await api.post<ShareLink>(`${base}/share-links`, { name: String(data.get('name') ?? '').trim() });
          links.reload();
        }}
      >
        <label>
          Name <input name="name" maxLength={50} aria-describedby="share-link-name-help" />
        </label>
        <p id="share-link-name-help" class="help">
          Who it is for, so you know which to revoke (may be empty).
        </p>
      </InlineForm>
      <Status resource={links} what="the share links" />
      {links.data?.length === 0 && <p>No share link yet.</p>}
      {links.data && links.data.length > 0 && (
        <ul class="cards" aria-label="Share links">
          {links.data.map((link) => {
            const name = link.name || 'Unnamed link';
            return (
              <li key={link.id}>
                <p>
                  <strong>{name}</strong> <span class="badge">{link.active === false ? 'Inactive' : 'Active'}</span>
                </p>
                {link.urls.published && (
                  <p class="live-url">
                    <a href={link.urls.published} target="_blank" rel="noopener">
                      Open<span class="visually-hidden"> share link {name}</span>
                    </a>{' '}
                    <code>{link.urls.published}</code>
                  </p>
                )}
                <p class="structure-actions">
                  <button
                    type="button"
                    class="secondary"
                    aria-disabled={state.busy}
                    onClick={() => act(() => api.patch(`${base}/share-links/${link.id}`, { active: link.active === false }), link.active === false ? `${name} opens the site again.` : `${name} no longer opens the site.`)}
                  >
                    {link.active === false ? 'Activate' : 'Deactivate'}
                    <span class="visually-hidden"> share link {name}</span>
                  </button>
                  <button type="button" class="secondary" aria-disabled={state.busy} onClick={() => act(() => api.delete(`${base}/share-links/${link.id}`), `${name} revoked.`)}>
                    Revoke<span class="visually-hidden"> share link {name}</span>
                  </button>
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <ActionStatus state={state} />
    </section>
  );
}
