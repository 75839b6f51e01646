import { api } from '../api/client';
import { pageMoveBody, PAGE_TREE_RULES } from './page-tree-rules';
import type { TreeNode } from './tree-model';
import type { TreeEditing } from './tree-view';

/** How many pages a node holds, itself included. */
const pageCount = (node: TreeNode): number => 1 + node.children.reduce((sum, child) => sum + pageCount(child), 0);

/**
 * A space's page tree edited through the API (docs/api-decisions.md, "Writing pages"): each
 * change is one write, then `refresh` reads the tree again; `removed` is told which page went
 * (the screen leaves it when it was showing it or a page under it).
 */
export function pageTreeEditing(spaceId: string, refresh: () => Promise<void>, removed: (node: TreeNode) => void): TreeEditing {
  const page = (node: TreeNode) => `/v1/spaces/${spaceId}/content/page/${node.id}`;
  return {
    rules: PAGE_TREE_RULES,
    titleMaxLength: 256,
    move: async (node, placement) => {
      await api.post(`${page(node)}/move`, pageMoveBody(placement));
      await refresh();
    },
    rename: async (node, title) => {
      await api.patch(page(node), { title });
      await refresh();
    },
    deleteWarning: (node) => {
      const under = pageCount(node) - 1;
      const what = under === 0 ? 'This page leaves' : `This page and the ${under === 1 ? 'page' : `${under} pages`} under it leave`;
      return `${what} the space. Its history keeps ${under === 0 ? 'it' : 'them'}: earlier revisions still show ${under === 0 ? 'it' : 'them'}.`;
    },
    remove: async (node) => {
      await api.delete(page(node));
      removed(node);
      await refresh();
    },
    moreActions: (node) => [
      {
        label: node.hidden ? 'Show' : 'Hide',
        run: async () => {
          await api.patch(page(node), { hidden: !node.hidden });
          await refresh();
          return node.hidden ? `“${node.label}” is shown in the site's navigation again.` : `“${node.label}” is hidden from the site's navigation.`;
        },
      },
    ],
  };
}
