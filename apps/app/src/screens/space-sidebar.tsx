import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { api } from '../api/client';
import type { RevisionPage, Space } from '../api/types';
import type { Resource } from '../api/use-resource';
import { pageTree } from '../navigation/page-tree';
import type { PageTreeTarget } from '../navigation/page-tree-editing';
import { PageTreePanel } from '../navigation/page-tree-panel';
import { isWithin } from '../navigation/tree-moves';
import { SpaceSearch } from '../search/space-search';

interface SpaceSidebarProps {
  spaceId: string;
  space?: Space;
  /** The pages shown: the space's, or those of the change request the screen writes through. */
  pages: Resource<RevisionPage[]>;
  /** The page on screen. */
  current?: string;
  /** Where the tree's edits go (the space, or a change request where the space is locked); absent, it is only read. */
  target?: PageTreeTarget;
  /** What else the sidebar lists under the pages (the space's change requests). */
  children?: ComponentChildren;
}

/**
 * A space's sidebar: the way back to its organization, search, the history, new pages, groups and
 * links (last at the top level), and the page tree; editable (rename, move, hide, delete) for
 * people who may edit the space, writing where `target` says.
 */
export function SpaceSidebar({ spaceId, space, pages, current, target, children }: SpaceSidebarProps) {
  const { route } = useLocation();
  const tree = pages.data ? pageTree(spaceId, pages.data, { editable: target !== undefined }) : [];
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
          <PageTreePanel
            label="Pages"
            pages={pages}
            tree={tree}
            current={current}
            target={target}
            // Edits go where the pages shown come from (the space, or the change request the screen
            // writes through once there is one): read them again from there.
            refresh={() => pages.reload()}
            created={(_content, path, type) => {
              if (path !== undefined && type === 'document') route(`/s/${spaceId}/${path}`);
            }}
            removed={(node) => {
              // The page on screen went (or a page above it): the space opens on its first page.
              if (current && isWithin(node, current)) route(`/s/${spaceId}`, true);
            }}
          />
          {children}
        </>
      )}
    </nav>
  );
}
