import { useLocation } from 'preact-iso';
import { useRef, useState } from 'preact/hooks';
import { api } from '../api/client';
import { changeRequestContent, spaceContent } from '../api/content-paths';
import type { ChangeRequest, RevisionPage, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { CreateForm } from '../components/create-form';
import { Status } from '../components/status';
import { firstDocumentPage, pageAtPath, pagesById, pageTree } from '../navigation/page-tree';
import { TreeView } from '../navigation/tree-view';
import { ChangeRequestList } from '../change-requests/change-request-list';
import { changeRequestHref, changeRequestTitle } from '../change-requests/change-request-words';
import { PageEditorPanel } from './page-editor-panel';

/** `/s/{spaceId}` and `/s/{spaceId}/{page path}`: a space, its pages, and the page the path names. */
export function SpaceScreen({ spaceId, pagePath = '' }: { spaceId: string; pagePath?: string }) {
  const { route } = useLocation();
  const space = useResource(`space:${spaceId}`, () => api.get<Space & { permissions?: { edit?: boolean } }>(`/v1/spaces/${spaceId}`));
  const pages = useResource(`pages:${spaceId}`, async () => (await api.get<{ pages: RevisionPage[] }>(`/v1/spaces/${spaceId}/content/pages`)).pages);
  const path = decodeURIComponent(pagePath);
  const page = pages.data ? (path ? pageAtPath(pages.data, path) : firstDocumentPage(pages.data)) : undefined;
  const tree = pages.data ? pageTree(spaceId, pages.data) : [];
  const titles = pages.data ? pagesById(spaceId, pages.data) : new Map<string, { title: string; href?: string }>();
  // The change request this visit writes through (a locked space's first change, or the writer's choice): one for every page.
  const [changeRequest, setChangeRequest] = useState<ChangeRequest>();
  const opening = useRef<Promise<ChangeRequest> | undefined>(undefined);
  const openChangeRequest = async (pageTitle: string) => {
    opening.current ??= api.post<ChangeRequest>(`/v1/spaces/${spaceId}/change-requests`, { subject: `Edit ${pageTitle}`.slice(0, 100) }).catch((error: Error) => {
      opening.current = undefined;
      throw error;
    });
    const opened = await opening.current;
    setChangeRequest(opened);
    return changeRequestContent(spaceId, opened.id);
  };
  return (
    <div class="workspace">
      <nav class="sidebar" aria-label="Pages">
        {space.data && (
          <p class="breadcrumbs">
            <a href={`/o/${space.data.organization}`}>All spaces</a>
          </p>
        )}
        {space.data && <h2 class="space-title">{space.data.title || 'Untitled'}</h2>}
        <div class="sidebar-actions">
          <CreateForm
            label="New page"
            onCreate={async (title) => {
              const created = await api.post<{ path: string }>(`/v1/spaces/${spaceId}/content/pages`, { title });
              pages.reload();
              route(`/s/${spaceId}/${created.path}`);
            }}
          />
        </div>
        <Status resource={pages} what="the pages" />
        {pages.data && <TreeView label="Pages" roots={tree} current={page?.id} />}
        {space.data && <ChangeRequestList spaceId={spaceId} canCreate={space.data.permissions?.edit !== false} />}
      </nav>
      <main id="main" class="page">
        <Status resource={space} what="the space" />
        {pages.data && !page && (path ? <p role="alert">No page of this space has the path {path}.</p> : <p>This space has no page yet: make the first one.</p>)}
        {page && page.type !== 'document' && <h1>{page.title}</h1>}
        {changeRequest && (
          <p class="note" role="status">
            Your changes go to <a href={changeRequestHref(spaceId, changeRequest.number, page && 'path' in page ? page.path : undefined)}>change request {changeRequestTitle(changeRequest)}</a>.
          </p>
        )}
        {page && page.type === 'document' && space.data && (
          <PageEditorPanel
            key={page.id}
            content={changeRequest ? changeRequestContent(spaceId, changeRequest.id) : spaceContent(spaceId)}
            pageId={page.id}
            editable={space.data.permissions?.edit !== false}
            changeRequest={changeRequest ? undefined : { required: space.data.editMode === 'locked', open: () => openChangeRequest(page.title) }}
            resolvePage={(ref) => (ref.kind === 'page' && (!ref.space || ref.space === spaceId) ? titles.get(ref.page) : undefined)}
            onSaved={pages.reload}
          />
        )}
      </main>
    </div>
  );
}
