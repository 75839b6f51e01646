/**
 * Inline objects of the model as atom nodes of the editor, and marks. Every inline of the model
 * but the link is void (it has `data` and no text): an atom that keeps its data. A link holds
 * text and images, which ProseMirror models best as a mark over them (`link`); an annotation
 * holds text and a note (a fragment of blocks): a mark over its text holding the note
 * (`annotation`), so its text is edited as text and its note in a form.
 */
export interface InlineSpec {
  type: string;
  name: string;
  data: Record<string, unknown>;
  /** Marks the atom may carry (an image may stand in a link). */
  marks: string;
}

export const INLINE_SPECS: readonly InlineSpec[] = [
  { type: 'inline-image', name: 'inlineImage', data: {}, marks: 'link' },
  { type: 'emoji', name: 'emoji', data: { code: '' }, marks: '' },
  { type: 'icon', name: 'icon', data: { icon: '' }, marks: '' },
  { type: 'expression', name: 'expression', data: { expression: '' }, marks: '' },
  { type: 'inline-math', name: 'inlineMath', data: { formula: '' }, marks: '' },
  { type: 'mention', name: 'mention', data: {}, marks: '' },
  { type: 'button', name: 'button', data: { label: '', kind: 'primary' }, marks: '' },
];

/** An inline of a type the editor does not map: kept verbatim. */
export const UNKNOWN_INLINE = 'unknownInline';

export const inlineSpecByType = new Map(INLINE_SPECS.map((spec) => [spec.type, spec]));
export const inlineSpecByName = new Map(INLINE_SPECS.map((spec) => [spec.name, spec]));

/**
 * The model's marks without data, in the order the editor writes a leaf's marks (ProseMirror
 * keeps a node's marks in schema order).
 */
export const PLAIN_MARKS = ['bold', 'italic', 'strikethrough', 'code', 'keyboard', 'superscript', 'subscript'] as const;

/** A mark of a type the editor does not map: kept verbatim (`json`), several may stand together. */
export const UNKNOWN_MARK = 'unknownMark';
