/** A node of a tree the app shows (the organization's content, a space's pages). */
export interface TreeNode {
  id: string;
  label: string;
  /** Its own title when the label adds to it (an emoji): what renaming edits. */
  title?: string;
  /** Where it opens; a node without one only groups others. */
  href?: string;
  children: TreeNode[];
  /** A short word for screen readers and the eye: "collection", "group", "link". */
  kind?: string;
  /** A page left out of the published site's navigation. */
  hidden?: boolean;
  /** Whether the person may rename, move and delete it (the tree offers those actions only then). */
  editable?: boolean;
}

/** A node as the tree shows it: its depth, its parent, its place among its siblings (from 1). */
export interface VisibleNode {
  node: TreeNode;
  depth: number;
  parent?: TreeNode;
  position: number;
  siblings: number;
}

/** The nodes as the keyboard walks them: in order, children after their parent when it is expanded. */
export function visibleNodes(roots: TreeNode[], expanded: ReadonlySet<string>): VisibleNode[] {
  const out: VisibleNode[] = [];
  const walk = (nodes: TreeNode[], depth: number, parent?: TreeNode) => {
    nodes.forEach((node, index) => {
      out.push({ node, depth, parent, position: index + 1, siblings: nodes.length });
      if (node.children.length > 0 && expanded.has(node.id)) walk(node.children, depth + 1, node);
    });
  };
  walk(roots, 0);
  return out;
}

export type TreeMove = { focus: string } | { expand: string } | { collapse: string } | { open: string } | null;

/**
 * What a key does on the focused node of a tree (WAI-ARIA's tree view pattern): Up and Down move
 * through the visible nodes, Home and End to the first and last, Right expands a closed parent or
 * goes to its first child, Left collapses an open one or goes to the parent, Enter opens it.
 */
export function treeKey(key: string, focused: string, roots: TreeNode[], expanded: ReadonlySet<string>): TreeMove {
  const rows = visibleNodes(roots, expanded);
  const index = rows.findIndex((row) => row.node.id === focused);
  if (index < 0) return rows[0] ? { focus: rows[0].node.id } : null;
  const { node, parent } = rows[index];
  switch (key) {
    case 'ArrowDown':
      return index + 1 < rows.length ? { focus: rows[index + 1].node.id } : null;
    case 'ArrowUp':
      return index > 0 ? { focus: rows[index - 1].node.id } : null;
    case 'Home':
      return { focus: rows[0].node.id };
    case 'End':
      return { focus: rows[rows.length - 1].node.id };
    case 'ArrowRight':
      if (node.children.length === 0) return null;
      return expanded.has(node.id) ? { focus: node.children[0].id } : { expand: node.id };
    case 'ArrowLeft':
      if (node.children.length > 0 && expanded.has(node.id)) return { collapse: node.id };
      return parent ? { focus: parent.id } : null;
    case 'Enter':
      return node.href ? { open: node.id } : node.children.length > 0 ? (expanded.has(node.id) ? { collapse: node.id } : { expand: node.id }) : null;
    default:
      return null;
  }
}

/** The ids of the nodes above `id` (to expand the way to the node a URL shows). */
export function ancestorsOf(roots: TreeNode[], id: string): string[] {
  const path: string[] = [];
  const find = (nodes: TreeNode[]): boolean => {
    for (const node of nodes) {
      if (node.id === id) return true;
      path.push(node.id);
      if (find(node.children)) return true;
      path.pop();
    }
    return false;
  };
  return find(roots) ? path : [];
}
