import { useLocation } from 'preact-iso';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api/client';
import { changeRequestContent, spaceContent } from '../api/content-paths';
import type { ChangeRequest, RevisionPage, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { ChangeRequestList } from '../change-requests/change-request-list';
import { changeRequestHref, changeRequestTitle } from '../change-requests/change-request-words';
import { ownChangeRequest } from '../change-requests/own-change-request';
import { Status } from '../components/status';
import { pageChoices } from '../navigation/page-choices';
import type { PageTreeTarget } from '../navigation/page-tree-editing';
import { firstDocumentPage, pageAtPath, pagesById } from '../navigation/page-tree';
import { PageEditorPanel } from './editor-panels';
import { SpaceSidebar } from './space-sidebar';

/** `/s/{spaceId}` and `/s/{spaceId}/{page path}`: a space, its pages, and the page the path names. */
export function SpaceScreen({ spaceId, pagePath = '' }: { spaceId: string; pagePath?: string }) {
  const { route } = useLocation();
  const space = useResource(`space:${spaceId}`, () => api.get<Space & { permissions?: { edit?: boolean } }>(`/v1/spaces/${spaceId}`));
  // The change request this visit writes through (a locked space's first change, or the writer's choice): one for every page and the tree.
  const [changeRequest, setChangeRequest] = useState<ChangeRequest>();
  // What the tree and the editor show: the change request's pages once edits go there (a renamed or new page shows as written).
  const content = changeRequest ? changeRequestContent(spaceId, changeRequest.id) : spaceContent(spaceId);
  const pages = useResource(`pages:${content}`, async () => (await api.get<{ pages: RevisionPage[] }>(`${content}/pages`)).pages);
  const path = decodeURIComponent(pagePath);
  const page = pages.data ? (path ? pageAtPath(pages.data, path) : firstDocumentPage(pages.data)) : undefined;
  const titles = pages.data ? pagesById(spaceId, pages.data) : new Map<string, { title: string; href?: string }>();
  const editable = space.data?.permissions?.edit !== false && space.data !== undefined;
  // A locked space takes no direct edit (409): its pages and its tree are written through a change request.
  const locked = space.data?.editMode === 'locked';
  // The router's URL has no hash on a first load: the section is read from the browser's location.
  const anchor = decodeURIComponent(location.hash.slice(1));
  usePageFollowedAcrossMoves(spaceId, path, page?.id, pages.data, route);
  // The editor's code downloads from the screen's first render, beside the space's first requests.
  PageEditorPanel.preload();
  const opening = useRef<Promise<ChangeRequest> | undefined>(undefined);
  const openChangeRequest = async (subject: string) => {
    opening.current ??= ownChangeRequest(spaceId, subject).catch((error: Error) => {
      opening.current = undefined;
      throw error;
    });
    const opened = await opening.current;
    setChangeRequest(opened);
    return changeRequestContent(spaceId, opened.id);
  };
  const writesThroughChangeRequest = locked || changeRequest !== undefined;
  const treeTarget: PageTreeTarget | undefined = editable
    ? {
        where: writesThroughChangeRequest ? 'the change request' : 'the space',
        content: async () => (writesThroughChangeRequest ? openChangeRequest(`Edit the pages of ${space.data?.title || 'the space'}`) : spaceContent(spaceId)),
      }
    : undefined;
  return (
    <div class="workspace">
      <SpaceSidebar spaceId={spaceId} space={space.data} pages={pages} current={page?.id} target={treeTarget}>
        {space.data && <ChangeRequestList spaceId={spaceId} canCreate={editable} latest={changeRequest?.id} />}
      </SpaceSidebar>
      <main id="main" class="page">
        <p class="space-settings-link">
          <a href={`/s/${spaceId}/~/settings`}>Space settings</a>
        </p>
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
            content={content}
            pageId={page.id}
            editable={editable}
            changeRequest={changeRequest ? undefined : { required: locked, open: () => openChangeRequest(`Edit ${page.title}`) }}
            anchor={anchor || undefined}
            resolvePage={(ref) => (ref.kind === 'page' && (!ref.space || ref.space === spaceId) ? titles.get(ref.page) : undefined)}
            pages={pageChoices(pages.data ?? [])}
            organizationId={space.data.organization}
            onSaved={pages.reload}
          />
        )}
      </main>
    </div>
  );
}

/**
 * Moving a page (or a page above it) changes its path: when the tree read again no longer has the
 * path on screen but still has the page, the page stays on screen at its new address (the history
 * entry replaced: Back does not lead to a path that no longer exists). Only a change of the tree
 * does this; an address typed or followed to a missing path says so.
 */
function usePageFollowedAcrossMoves(
  spaceId: string,
  path: string,
  pageId: string | undefined,
  pages: RevisionPage[] | undefined,
  route: (url: string, replace?: boolean) => void,
): void {
  const previous = useRef<{ spaceId: string; path: string; pageId?: string; pages?: RevisionPage[] }>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = { spaceId, path, pageId, pages };
    if (pageId || !pages || !before?.pageId || before.spaceId !== spaceId || before.path !== path || before.pages === pages) return;
    const moved = pagesById(spaceId, pages).get(before.pageId)?.href;
    if (moved) route(`${moved}${location.hash}`, true);
  }, [spaceId, path, pageId, pages]);
}
