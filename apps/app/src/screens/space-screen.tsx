import { useLocation } from 'preact-iso';
import { useEffect, useRef } from 'preact/hooks';
import { api } from '../api/client';
import type { RevisionPage, Space } from '../api/types';
import { useResource } from '../api/use-resource';
import { Status } from '../components/status';
import { firstDocumentPage, pageAtPath, pagesById } from '../navigation/page-tree';
import { PageEditorPanel } from './editor-panels';
import { SpaceSidebar } from './space-sidebar';

/** `/s/{spaceId}` and `/s/{spaceId}/{page path}`: a space, its pages, and the page the path names. */
export function SpaceScreen({ spaceId, pagePath = '' }: { spaceId: string; pagePath?: string }) {
  const { route } = useLocation();
  const space = useResource(`space:${spaceId}`, () => api.get<Space & { permissions?: { edit?: boolean } }>(`/v1/spaces/${spaceId}`));
  const pages = useResource(`pages:${spaceId}`, async () => (await api.get<{ pages: RevisionPage[] }>(`/v1/spaces/${spaceId}/content/pages`)).pages);
  const path = decodeURIComponent(pagePath);
  const page = pages.data ? (path ? pageAtPath(pages.data, path) : firstDocumentPage(pages.data)) : undefined;
  const titles = pages.data ? pagesById(spaceId, pages.data) : new Map<string, { title: string; href?: string }>();
  const editable = space.data?.permissions?.edit !== false && space.data !== undefined;
  // The router's URL has no hash on a first load: the section is read from the browser's location.
  const anchor = decodeURIComponent(location.hash.slice(1));
  usePageFollowedAcrossMoves(spaceId, path, page?.id, pages.data, route);
  // The editor's code downloads from the screen's first render, beside the space's first requests.
  PageEditorPanel.preload();
  return (
    <div class="workspace">
      <SpaceSidebar spaceId={spaceId} space={space.data} pages={pages} current={page?.id} editable={editable} />
      <main id="main" class="page">
        <Status resource={space} what="the space" />
        {pages.data && !page && (path ? <p role="alert">No page of this space has the path {path}.</p> : <p>This space has no page yet: make the first one.</p>)}
        {page && page.type !== 'document' && <h1>{page.title}</h1>}
        {page && page.type === 'document' && space.data && (
          <PageEditorPanel
            key={page.id}
            spaceId={spaceId}
            pageId={page.id}
            editable={editable}
            anchor={anchor || undefined}
            resolvePage={(ref) => (ref.kind === 'page' && (!ref.space || ref.space === spaceId) ? titles.get(ref.page) : undefined)}
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
