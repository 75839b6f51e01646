import { useLocation } from 'preact-iso';
import { api, listAll } from '../api/client';
import type { Site, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { InlineForm } from '../components/inline-form';
import { Status } from '../components/status';
import { visibilityLabel } from './visibility';

/**
 * An organization's sites (newest first), each with its live address when published, and, for who
 * may `manage` sites (the organization's admins), "New site": a title and the spaces it publishes.
 */
export function SiteList({ organizationId, manage }: { organizationId: string; manage: boolean }) {
  const { route } = useLocation();
  const sites = useResource(`sites:${organizationId}`, () => listAll<Site>(`/v1/orgs/${organizationId}/sites`));
  const spaces = useResource(`spaces:${organizationId}`, () => listAll<Space>(`/v1/orgs/${organizationId}/spaces`));
  return (
    <section class="panel" aria-labelledby="sites-heading">
      <h2 id="sites-heading">Sites</h2>
      {manage && (
        <InlineForm
          label="New site"
          submit="Create"
          onSubmit={async (data) => {
            const title = String(data.get('title') ?? '').trim();
            const site = await api.post<Site>(`/v1/orgs/${organizationId}/sites`, { title, spaces: data.getAll('spaces').map(String) });
            sites.reload();
            route(`/o/${organizationId}/sites/${site.id}`);
          }}
        >
          <label>
            Title <input name="title" required minLength={2} maxLength={128} />
          </label>
          <fieldset>
            <legend>Spaces to publish</legend>
            <Status resource={spaces} what="the spaces" />
            {spaces.data?.length === 0 && <p>This organization has no space yet.</p>}
            {spaces.data?.map((space) => (
              <label class="check" key={space.id}>
                <input type="checkbox" name="spaces" value={space.id} /> {space.title || 'Untitled'}
              </label>
            ))}
          </fieldset>
        </InlineForm>
      )}
      <Status resource={sites} what="the sites" />
      {sites.data &&
        (sites.data.length === 0 ? (
          <p>No site yet: a site publishes spaces to readers.</p>
        ) : (
          <ul class="cards">
            {sites.data.map((site) => (
              <li key={site.id}>
                <a href={`/o/${organizationId}/sites/${site.id}`}>{site.title}</a> <span class="badge">{site.published ? 'Published' : 'Not published'}</span>{' '}
                <span class="badge">{visibilityLabel(site.visibility)}</span>
                {site.urls.published && (
                  <>
                    {' '}
                    <a href={site.urls.published} target="_blank" rel="noopener">
                      Live site<span class="visually-hidden"> of {site.title}</span>
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
