import type { DocLeaf, DocMark, DocNode } from '../model/doc-node';
import { PLAIN_MARKS } from '../schema/inline-specs';

const RANK = new Map<string, number>([...PLAIN_MARKS, 'color'].map((type, index) => [type, index]));

const sortMarks = (marks: DocMark[]) => [...marks].sort((a, b) => (RANK.get(a.type) ?? 99) - (RANK.get(b.type) ?? 99));
const sameMarks = (a: DocMark[], b: DocMark[]) => JSON.stringify(a) === JSON.stringify(b);

/** Inline content as the editor writes it: one text object per run, one leaf per change of marks. */
function canonicalInlines(nodes: DocNode[], inText: boolean): DocNode[] {
  const out: DocNode[] = [];
  for (const node of nodes) {
    if (node.object !== 'text') {
      out.push(visit(node));
      continue;
    }
    const leaves: DocLeaf[] = (node.leaves ?? []).filter((leaf) => leaf.text !== '').map((leaf) => ({ ...leaf, marks: sortMarks(leaf.marks) }));
    if (leaves.length === 0) continue;
    const last = out[out.length - 1];
    const into = last?.object === 'text' ? last : (out.push({ object: 'text', leaves: [] }), out[out.length - 1]);
    for (const leaf of leaves) {
      const previous = into.leaves![into.leaves!.length - 1];
      if (previous && sameMarks(previous.marks, leaf.marks)) into.leaves![into.leaves!.length - 1] = { ...previous, text: previous.text + leaf.text };
      else into.leaves!.push(leaf);
    }
  }
  return out.length > 0 || !inText ? out : [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }];
}

function visit(node: DocNode): DocNode {
  const out: DocNode = { ...node };
  const inlineContent = (node.nodes ?? []).some((child) => child.object === 'text' || child.object === 'inline');
  if (node.nodes) out.nodes = inlineContent || (node.object === 'block' && node.nodes.length === 0) ? canonicalInlines(node.nodes, node.object === 'block') : node.nodes.map(visit);
  if (node.fragments) out.fragments = node.fragments.map(visit);
  return out;
}

/**
 * A document with its text as the editor writes an edited text block: adjacent text objects as
 * one, adjacent leaves with the same marks as one, empty leaves left out (an empty block keeps one
 * empty leaf), each leaf's marks in the editor's schema order. Everything else is as it is.
 */
export function canonicalText<T>(document: T): T {
  return visit(document as DocNode) as T;
}
