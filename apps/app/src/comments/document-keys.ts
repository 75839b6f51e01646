/** A node of a page's document as walked here: blocks and inlines with their children, loosely typed. */
interface WalkedNode {
  object?: string;
  key?: string;
  nodes?: unknown;
  fragments?: unknown;
}

/**
 * The keys of a page's blocks and inlines (at any depth, fragments included): the nodes a comment
 * may target. The API refuses a comment on a node the saved page does not hold (one just typed).
 */
export function documentKeys(document: unknown): Set<string> {
  const keys = new Set<string>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop() as WalkedNode | null;
    if (!node || typeof node !== 'object') continue;
    if (typeof node.key === 'string' && node.object !== 'text') keys.add(node.key);
    for (const children of [node.fragments, node.nodes]) if (Array.isArray(children)) stack.push(...children);
  }
  return keys;
}
