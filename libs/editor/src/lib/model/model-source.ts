import type { Node as PMNode } from '@tiptap/pm/model';
import type { DocNode } from './doc-node';

let lastId = 0;

/**
 * The model JSON an editor node was read from, held in the node's `source` attribute: its fields
 * the editor does not map (kept as they are), their order, and the whole JSON to write back while
 * the node is as it was read (`loaded`). ProseMirror compares attributes deeply; only `id` is
 * enumerable, so comparing two sources is comparing two numbers, never two documents.
 */
export class ModelSource {
  readonly id: number;
  declare readonly json: DocNode;
  /** The editor node built from `json`: while the node equals it, `json` is written back verbatim. */
  declare loaded: PMNode | undefined;

  constructor(json: DocNode) {
    this.id = ++lastId;
    Object.defineProperty(this, 'json', { value: json, enumerable: false });
    Object.defineProperty(this, 'loaded', { value: undefined, enumerable: false, writable: true });
  }
}

export const sourceOf = (attrs: Record<string, any>): ModelSource | undefined => (attrs['source'] instanceof ModelSource ? attrs['source'] : undefined);
