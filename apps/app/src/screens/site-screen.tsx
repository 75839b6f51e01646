import { api, listAll } from '../api/client';
import type { Site, SiteStructure, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { PublishPanel } from '../sites/publish-panel';
import { ShareLinksPanel } from '../sites/share-links-panel';
import { SitePreviewPanel } from '../sites/site-preview-panel';
import { SiteSettings } from '../sites/site-settings';
import { SiteStructurePanel } from '../sites/site-structure-panel';

/** `/o/{organizationId}/sites/{siteId}`: a docs site: publishing and its live address, settings and visibility, sections and variants, share links, a preview. */
export function SiteScreen({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const base = `/v1/orgs/${organizationId}/sites/${siteId}`;
  const site = useResource(`site:${siteId}`, () => api.get<Site>(base));
  const structure = useResource(`site-structure:${siteId}`, () => api.get<SiteStructure>(`${base}/structure`));
  const spaces = useResource(`spaces:${organizationId}`, () => listAll<Space>(`/v1/orgs/${organizationId}/spaces`));
  const changed = () => {
    site.reload();
    structure.reload();
  };
  return (
    <main id="main" class="page">
      <p class="breadcrumbs">
        <a href={`/o/${organizationId}`}>Organization</a>
      </p>
      <Status resource={site} what="the site" />
      {site.data && (
        <>
          <h1>{site.data.title}</h1>
          <PublishPanel base={base} site={site.data} onChange={site.reload} />
          <SiteStructurePanel base={base} structure={structure} spaces={spaces.data ?? []} onChange={changed} />
          <SiteSettings base={base} site={site.data} onSaved={site.reload} />
          <ShareLinksPanel base={base} visibility={site.data.visibility} />
          <SitePreviewPanel base={base} title={site.data.title} />
        </>
      )}
    </main>
  );
}
