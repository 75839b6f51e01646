import { api } from '../api/client';
import { pageMoveBody, PAGE_TREE_RULES } from './page-tree-rules';
import type { TreeNode } from './tree-model';
import type { TreeEditing } from './tree-view';

/**
 * Where a page tree's edits are written: a space's content or a change request's (the same page
 * operations under either path, api/content-paths.ts).
 */
export interface PageTreeTarget {
  /**
   * The content's API path, given before each write: fixed for a space or a change request, or
   * opened by the first write where a locked space sends its edits to a change request.
   */
  content(): Promise<string>;
  /** Where a deleted page leaves, in words: "the space", "the change request". */
  where: string;
}

/** How many pages a node holds, itself included. */
const pageCount = (node: TreeNode): number => 1 + node.children.reduce((sum, child) => sum + pageCount(child), 0);

/**
 * A page tree edited through the API (docs/api-decisions.md, "Writing pages"): each change is one
 * write into `target`, then `refresh` is told that content and reads the tree again; `removed` is
 * told which page went, and from which content (the screen leaves it when it was showing it or a page under it).
 */
export function pageTreeEditing(target: PageTreeTarget, refresh: (content: string) => Promise<void>, removed: (node: TreeNode, content: string) => void): TreeEditing {
  /** Runs one write on the node's page (its API path in the target's content), then the refresh. */
  const write = async (node: TreeNode, run: (page: string) => Promise<unknown>) => {
    const content = await target.content();
    await run(`${content}/page/${node.id}`);
    return content;
  };
  return {
    rules: PAGE_TREE_RULES,
    titleMaxLength: 256,
    move: async (node, placement) => {
      await refresh(await write(node, (page) => api.post(`${page}/move`, pageMoveBody(placement))));
    },
    rename: async (node, title) => {
      await refresh(await write(node, (page) => api.patch(page, { title })));
    },
    deleteWarning: (node) => deleteWarning(node, target.where),
    remove: async (node) => {
      const content = await write(node, (page) => api.delete(page));
      removed(node, content);
      await refresh(content);
    },
    moreActions: (node) => [
      {
        label: node.hidden ? 'Show' : 'Hide',
        run: async () => {
          await refresh(await write(node, (page) => api.patch(page, { hidden: !node.hidden })));
          return node.hidden ? `“${node.label}” is shown in the site's navigation again.` : `“${node.label}” is hidden from the site's navigation.`;
        },
      },
    ],
  };
}

/** What deleting a page does, said in its confirmation: `where` it leaves, and what keeps it. */
export function deleteWarning(node: TreeNode, where: string): string {
  const under = pageCount(node) - 1;
  const what = under === 0 ? 'This page leaves' : `This page and the ${under === 1 ? 'page' : `${under} pages`} under it leave`;
  return `${what} ${where}. Its history keeps ${under === 0 ? 'it' : 'them'}: earlier revisions still show ${under === 0 ? 'it' : 'them'}.`;
}
