import { api } from '../api/client';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';

interface SiteSummary {
  title: string;
  visibility: string;
  urls: { published?: string };
}

/** `/o/{organizationId}/sites/{siteId}`: a docs site. */
export function SiteScreen({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const site = useResource(`site:${siteId}`, () => api.get<SiteSummary>(`/v1/orgs/${organizationId}/sites/${siteId}`));
  return (
    <main id="main" class="page">
      <p class="breadcrumbs">
        <a href={`/o/${organizationId}`}>Organization</a>
      </p>
      <Status resource={site} what="the site" />
      {site.data && (
        <>
          <h1>{site.data.title}</h1>
          <p>
            <span class="badge">{site.data.visibility}</span>{' '}
            {site.data.urls.published && (
              <a href={site.data.urls.published} target="_blank" rel="noopener">
                Open the live site
              </a>
            )}
          </p>
        </>
      )}
    </main>
  );
}
