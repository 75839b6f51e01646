import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { api } from '../api/client';
import type { RevisionPage, Space } from '../api/types';
import type { Resource } from '../api/use-resource';
import { CreateForm } from '../components/create-form';
import { Status } from '../components/status';
import { pageTree } from '../navigation/page-tree';
import { pageTreeEditing } from '../navigation/page-tree-editing';
import { isWithin } from '../navigation/tree-moves';
import { TreeView } from '../navigation/tree-view';
import { SpaceSearch } from '../search/space-search';

interface SpaceSidebarProps {
  spaceId: string;
  space?: Space;
  pages: Resource<RevisionPage[]>;
  /** The page on screen. */
  current?: string;
  editable: boolean;
  /** What else the sidebar lists under the pages (the space's change requests). */
  children?: ComponentChildren;
}

/**
 * A space's sidebar: the way back to its organization, search, the history, new pages, groups and
 * links (last at the top level), and the page tree; editable (rename, move, hide, delete) for
 * people who may edit the space.
 */
export function SpaceSidebar({ spaceId, space, pages, current, editable, children }: SpaceSidebarProps) {
  const { route } = useLocation();
  const tree = pages.data ? pageTree(spaceId, pages.data, { editable }) : [];
  const create = async (body: Record<string, unknown>) => {
    const created = await api.post<{ path?: string }>(`/v1/spaces/${spaceId}/content/pages`, body);
    await pages.reload();
    if (created.path !== undefined && body['type'] !== 'group') route(`/s/${spaceId}/${created.path}`);
  };
  const editing = editable
    ? pageTreeEditing(spaceId, pages.reload, (node) => {
        // The page on screen went (or a page above it): the space opens on its first page.
        if (current && isWithin(node, current)) route(`/s/${spaceId}`, true);
      })
    : undefined;
  return (
    <nav class="sidebar" aria-label="Pages">
      {/* Its parts show together once the space is read: none moves another as it arrives. */}
      {space && (
        <>
          <p class="breadcrumbs">
            <a href={`/o/${space.organization}`}>All spaces</a>
          </p>
          <h2 class="space-title">{space.title || 'Untitled'}</h2>
          <SpaceSearch spaceId={spaceId} />
          <p class="space-links">
            <a
              href={`/s/${spaceId}/~/revisions/${space.revision}`}
              onClick={async (event) => {
                // The revision on screen may be old (pages written since): the space says which is current.
                if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                event.stopPropagation();
                const latest = await api.get<Space>(`/v1/spaces/${spaceId}`).catch(() => space);
                route(`/s/${spaceId}/~/revisions/${latest.revision}`);
              }}
            >
              History
            </a>
          </p>
          {editable && (
            <div class="sidebar-actions">
              <CreateForm label="New page" onCreate={(title) => create({ title })} />
              <CreateForm label="New group" onCreate={(title) => create({ title, type: 'group' })} />
              <CreateForm label="New link" urlField="URL" onCreate={(title, href) => create({ title, type: 'link', href })} />
            </div>
          )}
          <Status resource={pages} what="the pages" />
          {pages.data && <TreeView label="Pages" roots={tree} current={current} editing={editing} />}
          {children}
        </>
      )}
    </nav>
  );
}
