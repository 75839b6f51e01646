import type { NodeLoader, PageNodeInfo, PageVersion } from './page-version';

/**
 * What one side changed since the base: `side` maps each page whose node or place differs to its
 * version there, or to null when the side deleted it; `base` has the base version of each of
 * them (absent for pages the side added).
 */
export interface TreeDiff {
  base: Map<string, PageVersion>;
  side: Map<string, PageVersion | null>;
  /** Pages whose order among the siblings present on both sides changed (not a sibling coming or going). */
  reordered: Set<string>;
}

interface Container {
  parentPageId: string | null;
  base: string[];
  side: string[];
}

/**
 * Diffs two page trees by node identity. Nodes are immutable and shared, so a node id found in
 * both trees is an identical subtree and is never opened: the walk only reads the nodes that
 * differ and the containers on their paths. Changing one page of a space of any size reads that
 * page, its ancestors, and the ids of their siblings (already in the parents' children arrays).
 *
 * Pages that moved are paired by page id wherever they went; a page seen only in the base is
 * deleted (its whole subtree with it, but for descendants seen elsewhere on the side: moved out).
 */
export async function diffTrees(baseRoots: string[], sideRoots: string[], load: NodeLoader): Promise<TreeDiff> {
  const nodes = new Map<string, PageNodeInfo>();
  const base = new Map<string, PageVersion>();
  const side = new Map<string, PageVersion>();
  const opened = new Set<string>();
  const reordered = new Set<string>();

  const fetch = async (ids: string[]) => {
    const missing = [...new Set(ids.filter((id) => !nodes.has(id)))];
    if (missing.length > 0) for (const node of await load(missing)) nodes.set(node.nodeId, node);
  };

  const compare = async ({ parentPageId, base: baseList, side: sideList }: Container): Promise<void> => {
    if (sameList(baseList, sideList)) return;
    const inBase = new Set(baseList);
    const inSide = new Set(sideList);
    await fetch([...baseList.filter((id) => !inSide.has(id)), ...sideList.filter((id) => !inBase.has(id))]);
    // Unloaded nodes (identical on both sides) are keyed by node id: the same key on both sides.
    // Keys are fixed now: nodes loaded below must not change them.
    const keys = new Map([...baseList, ...sideList].map((id) => [id, nodes.get(id)?.pageId ?? `#${id}`]));
    const keyOf = (nodeId: string) => keys.get(nodeId) as string;
    const baseKeys = baseList.map(keyOf);
    const sideKeys = sideList.map(keyOf);
    const baseAfter = afterMap(baseKeys);
    const sideAfter = afterMap(sideKeys);
    // Reordered: the order among the siblings both sides have changed (a sibling coming or going is not a move).
    const sideKeySet = new Set(sideKeys);
    const common = new Set(baseKeys.filter((key) => sideKeySet.has(key)));
    const baseOrder = afterMap(baseKeys.filter((key) => common.has(key)));
    const sideOrder = afterMap(sideKeys.filter((key) => common.has(key)));
    const moved = new Set([...common].filter((key) => baseOrder.get(key) !== sideOrder.get(key)));
    const repositioned = sideList.filter((id) => inBase.has(id) && moved.has(keyOf(id)));
    await fetch(repositioned);
    const recorded = [...baseList.filter((n) => !inSide.has(n)), ...sideList.filter((n) => !inBase.has(n)), ...repositioned];
    const neighbours = recorded.flatMap((id) => [baseAfter.get(keyOf(id)), sideAfter.get(keyOf(id))]);
    await fetch(neighbours.filter((key): key is string => typeof key === 'string' && key.startsWith('#')).map((key) => key.slice(1)));
    const pageAfter = (after: string | null | undefined) => (after === undefined || after === null ? null : after.startsWith('#') ? (nodes.get(after.slice(1))?.pageId ?? null) : after);
    for (const id of [...baseList.filter((n) => !inSide.has(n)), ...repositioned]) {
      const node = nodes.get(id) as PageNodeInfo;
      base.set(node.pageId, { node, parentPageId, after: pageAfter(baseAfter.get(keyOf(id))) });
    }
    for (const id of [...sideList.filter((n) => !inBase.has(n)), ...repositioned]) {
      const node = nodes.get(id) as PageNodeInfo;
      side.set(node.pageId, { node, parentPageId, after: pageAfter(sideAfter.get(keyOf(id))) });
      if (moved.has(keyOf(id))) reordered.add(node.pageId);
    }
  };

  /** Opens the children of pages seen on both sides with different nodes; with `expand`, also of one-sided pages. */
  const openPaired = async (expand: 'none' | 'base' | 'side'): Promise<boolean> => {
    let progressed = false;
    for (const pageId of new Set([...base.keys(), ...side.keys()])) {
      if (opened.has(pageId)) continue;
      const b = base.get(pageId);
      const s = side.get(pageId);
      if (b && s) {
        opened.add(pageId);
        progressed = true;
        if (b.node.nodeId !== s.node.nodeId) await compare({ parentPageId: pageId, base: b.node.children, side: s.node.children });
      } else if (b && expand === 'base') {
        opened.add(pageId);
        progressed = true;
        await compare({ parentPageId: pageId, base: b.node.children, side: [] });
      } else if (s && expand === 'side') {
        opened.add(pageId);
        progressed = true;
        await compare({ parentPageId: pageId, base: [], side: s.node.children });
      }
    }
    return progressed;
  };

  await compare({ parentPageId: null, base: baseRoots, side: sideRoots });
  // Pairs first; then whole deleted subtrees (so that what moved out of them pairs); then new subtrees.
  while (await openPaired('none'));
  while ((await openPaired('base')) || (await openPaired('none')));
  while ((await openPaired('side')) || (await openPaired('none')));

  const result: TreeDiff = { base, side: new Map(), reordered };
  for (const [pageId, version] of side) {
    const before = base.get(pageId);
    // Same node, same place: nothing to merge.
    if (before && before.node.nodeId === version.node.nodeId && before.parentPageId === version.parentPageId && !reordered.has(pageId)) continue;
    result.side.set(pageId, version);
  }
  for (const pageId of base.keys()) if (!side.has(pageId)) result.side.set(pageId, null);
  for (const pageId of [...base.keys()]) if (!result.side.has(pageId)) base.delete(pageId);
  return result;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function afterMap(keys: string[]): Map<string, string | null> {
  return new Map(keys.map((key, i) => [key, i === 0 ? null : keys[i - 1]]));
}
