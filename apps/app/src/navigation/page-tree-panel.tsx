import { api } from '../api/client';
import type { RevisionPage } from '../api/types';
import type { Resource } from '../api/use-resource';
import { CreateForm } from '../components/create-form';
import { Status } from '../components/status';
import { pageTreeEditing, PageTreeTarget } from './page-tree-editing';
import type { TreeNode } from './tree-model';
import { TreeView } from './tree-view';

interface PageTreePanelProps {
  /** The tree's accessible name: "Pages", "Pages of the change request". */
  label: string;
  pages: Resource<RevisionPage[]>;
  /** The pages as the tree shows them (their app addresses). */
  tree: TreeNode[];
  /** The page on screen. */
  current?: string;
  /** Where edits are written; absent, the tree is only read. */
  target?: PageTreeTarget;
  /** After each write, with the content written: reads again what it changed. */
  refresh: (content: string) => Promise<void>;
  /** A page was created (the path of a page with a body): the screen may open it. */
  created: (content: string, path: string | undefined, type: 'document' | 'group' | 'link') => void;
  /** A page went from that content: the screen leaves it when it shows it or a page under it. */
  removed: (node: TreeNode, content: string) => void;
}

/**
 * A page tree with its editing: "New page", "New group", "New link" (created last at the top
 * level), then the tree (rename, move by drag and keyboard, hide, delete), each write going to
 * `target`. The same for a space and a change request; only where they write differs.
 */
export function PageTreePanel({ label, pages, tree, current, target, refresh, created, removed }: PageTreePanelProps) {
  const create = async (body: { title: string; type?: 'group' | 'link'; href?: string }) => {
    const content = await target!.content();
    const page = await api.post<{ path?: string }>(`${content}/pages`, body);
    await refresh(content);
    created(content, page.path, body.type ?? 'document');
  };
  return (
    <>
      {target && (
        <div class="sidebar-actions">
          <CreateForm label="New page" onCreate={(title) => create({ title })} />
          <CreateForm label="New group" onCreate={(title) => create({ title, type: 'group' })} />
          <CreateForm label="New link" urlField="URL" onCreate={(title, href) => create({ title, type: 'link', href })} />
        </div>
      )}
      <Status resource={pages} what="the pages" />
      {pages.data && <TreeView label={label} roots={tree} current={current} editing={target && pageTreeEditing(target, refresh, removed)} />}
    </>
  );
}
