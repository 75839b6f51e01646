import type { Attribute } from '@tiptap/core';

const readJson = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * A node attribute holding model JSON (a block's `data`, a cell's value). It is written into the
 * HTML ProseMirror puts on the clipboard (`data-<name>`) so a block copied and pasted in the
 * editor keeps it; a new block made by splitting one starts from the default.
 */
export const jsonAttribute = (name: string, fallback: unknown): Attribute => ({
  default: fallback,
  keepOnSplit: false,
  parseHTML: (element) => readJson(element.getAttribute(`data-${name}`)),
  renderHTML: (attributes) => (attributes[name] == null ? {} : { [`data-${name}`]: JSON.stringify(attributes[name]) }),
});

/** A block's or inline's `key`: copied with it on the clipboard, never to the half of a split. */
export const keyAttribute: Attribute = {
  default: null,
  keepOnSplit: false,
  parseHTML: (element) => element.getAttribute('data-key'),
  renderHTML: (attributes) => (attributes['key'] ? { 'data-key': attributes['key'] } : {}),
};

/** The model JSON a node was read from (`ModelSource`): never rendered, never copied to a split. */
export const sourceAttribute: Attribute = { default: null, rendered: false, keepOnSplit: false };
