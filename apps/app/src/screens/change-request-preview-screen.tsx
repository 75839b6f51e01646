import { useState } from 'preact/hooks';
import { api, listAll } from '../api/client';
import type { ChangeRequest, RevisionPage, Site, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { firstDocumentPage, pageAtPath } from '../navigation/page-tree';
import { TreeView } from '../navigation/tree-view';
import { PreviewFrame } from '../sites/preview-frame';
import { previewPageUrl, previewTree } from '../sites/preview-pages';

/**
 * `/s/{spaceId}/~/changes/{number}/~/preview[/{page path}]`: a change request's pages as a site
 * that publishes its space renders them. The site server renders the preview (the app frames
 * it): the published site's own renderer, navigation, links and files, with the change request's
 * content in place of the space's.
 */
export function ChangeRequestPreviewScreen({ spaceId, number, pagePath = '' }: { spaceId: string; number: string; pagePath?: string }) {
  const space = useResource(`space:${spaceId}`, () => api.get<Space>(`/v1/spaces/${spaceId}`));
  const changeRequest = useResource(`change-request:${spaceId}:${number}`, () => api.get<ChangeRequest>(`/v1/spaces/${spaceId}/change-requests/${number}`));
  const pages = useResource(`change-request-pages:${spaceId}:${number}`, async () => (await api.get<{ pages: RevisionPage[] }>(`/v1/spaces/${spaceId}/change-requests/${number}/content/pages`)).pages);
  const organizationId = space.data?.organization;
  const sites = useResource(organizationId ? `sites-of-space:${organizationId}:${spaceId}` : null, () => listAll<Site>(`/v1/orgs/${organizationId}/sites?space=${encodeURIComponent(spaceId)}`));
  const [siteId, setSiteId] = useState<string>();
  const site = sites.data?.find((candidate) => candidate.id === siteId) ?? sites.data?.[0];
  const changeRequestId = changeRequest.data?.id;
  const preview = useResource(site && changeRequestId ? `change-request-preview:${site.id}:${changeRequestId}` : null, () =>
    api.get<{ url: string }>(`/v1/orgs/${organizationId}/sites/${site!.id}/publishing/preview?changeRequest=${encodeURIComponent(changeRequestId!)}`),
  );
  const path = decodeURIComponent(pagePath);
  const page = pages.data ? (path ? pageAtPath(pages.data, path) : firstDocumentPage(pages.data)) : undefined;
  const tree = pages.data ? previewTree(spaceId, number, pages.data) : [];
  const subject = changeRequest.data ? `#${changeRequest.data.number} ${changeRequest.data.subject || 'Untitled change request'}` : `#${number}`;
  return (
    <div class="workspace">
      <nav class="sidebar" aria-label="Pages">
        <Status resource={pages} what="the pages" />
        {pages.data && <TreeView label="Pages of the change request" roots={tree} current={page?.id} />}
      </nav>
      <main id="main" class="page page-wide">
        <p class="breadcrumbs">
          {space.data && <a href={`/s/${spaceId}`}>{space.data.title || 'Untitled'}</a>} › <a href={`/s/${spaceId}/~/changes/${number}`}>{subject}</a>
        </p>
        <h1>Preview of {subject}</h1>
        <Status resource={changeRequest} what="the change request" />
        <Status resource={sites} what="the sites" />
        {sites.data?.length === 0 && (
          <p>
            No site publishes this space yet. A preview shows the change request as a site renders it: <a href={`/o/${organizationId}`}>make a site</a> that publishes this space.
          </p>
        )}
        {sites.data && sites.data.length > 1 && (
          <label>
            Site{' '}
            <select value={site?.id} onChange={(event) => setSiteId(event.currentTarget.value)}>
              {sites.data.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {pages.data && path && !page && <p role="alert">No page of this change request has the path {path}.</p>}
        <Status resource={preview} what="the preview" />
        {preview.data && site && (
          <PreviewFrame url={previewPageUrl(preview.data.url, path || undefined)} title={`Preview of ${page?.title ?? 'the change request'} on ${site.title}`} />
        )}
      </main>
    </div>
  );
}
