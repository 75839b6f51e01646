import type { DocNode } from './doc-node';

/** Blocks made from markdown are new blocks: the converter's keys and computed fields are not theirs. */
export function withoutKeys(node: DocNode): DocNode {
  const { key: _key, meta: _meta, ...rest } = node;
  if (rest.nodes) rest.nodes = rest.nodes.map(withoutKeys);
  if (rest.fragments) rest.fragments = rest.fragments.map(withoutKeys);
  return rest;
}
