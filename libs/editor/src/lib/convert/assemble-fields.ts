import type { DocNode } from '../model/doc-node';

/**
 * A model object written from what the editor knows (`values`) over the object it was read from
 * (`source`): the source's fields in the source's order, each replaced by its value where the
 * editor has one (an `undefined` value removes the field), the fields the editor does not know as
 * they were, then new fields. What was read and not changed is written as it was read.
 */
export function assembleFields(source: DocNode | undefined, values: Record<string, unknown>): DocNode {
  const out: Record<string, unknown> = {};
  if (source) {
    for (const field of Object.keys(source)) {
      const value = field in values ? values[field] : source[field];
      if (value !== undefined) out[field] = value;
    }
  }
  for (const field of Object.keys(values)) {
    if (!(field in out) && (!source || !(field in source)) && values[field] !== undefined) out[field] = values[field];
  }
  return out as DocNode;
}
