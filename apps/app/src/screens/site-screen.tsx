import { api, listAll } from '../api/client';
import type { Organization, Site, SiteStructure, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { DeleteSite } from '../sites/delete-site';
import { PublishPanel } from '../sites/publish-panel';
import { ShareLinksPanel } from '../sites/share-links-panel';
import { SitePreviewPanel } from '../sites/site-preview-panel';
import { SiteSettings } from '../sites/site-settings';
import { SiteSettingsSummary } from '../sites/site-settings-summary';
import { SiteStructurePanel } from '../sites/site-structure-panel';

/**
 * `/o/{organizationId}/sites/{siteId}`: a docs site: publishing and its live address, settings and
 * visibility, sections and variants, share links, a preview. Who may change a site is what the
 * organization's `permissions.admin` says (docs/permissions.md, "Sites"): others read it, and see
 * no control they could not use (share links, whose addresses are secrets, not at all).
 */
export function SiteScreen({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const base = `/v1/orgs/${organizationId}/sites/${siteId}`;
  const organization = useResource(`organization:${organizationId}`, () => api.get<Organization>(`/v1/orgs/${organizationId}`));
  const site = useResource(`site:${siteId}`, () => api.get<Site>(base));
  const structure = useResource(`site-structure:${siteId}`, () => api.get<SiteStructure>(`${base}/structure`));
  const spaces = useResource(`spaces:${organizationId}`, () => listAll<Space>(`/v1/orgs/${organizationId}/spaces`));
  const manage = organization.data?.permissions.admin === true;
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
      <Status resource={organization} what="the organization" />
      {site.data && organization.data && (
        <>
          <h1>{site.data.title}</h1>
          <PublishPanel base={base} site={site.data} manage={manage} onChange={site.reload} />
          <SiteStructurePanel base={base} structure={structure} spaces={spaces.data ?? []} manage={manage} onChange={changed} />
          {manage ? <SiteSettings base={base} site={site.data} onSaved={site.reload} /> : <SiteSettingsSummary site={site.data} />}
          {manage && <ShareLinksPanel base={base} visibility={site.data.visibility} />}
          <SitePreviewPanel base={base} title={site.data.title} structure={structure.data} />
          {manage && <DeleteSite organizationId={organizationId} base={base} site={site.data} />}
        </>
      )}
    </main>
  );
}
