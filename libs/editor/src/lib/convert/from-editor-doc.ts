import type { Mark, Node as PMNode } from '@tiptap/pm/model';
import type { DocLeaf, DocMark, DocNode } from '../model/doc-node';
import { textNode } from '../model/doc-node';
import { sourceOf } from '../model/model-source';
import { blockSpecByName, fragmentSpecByNodeName, UNKNOWN_BLOCK } from '../schema/block-specs';
import { inlineSpecByName, UNKNOWN_INLINE, UNKNOWN_MARK } from '../schema/inline-specs';
import { assembleFields } from './assemble-fields';
import { newId } from './new-id';
import { tableFromEditor } from './table-from-editor';

/** The marks written as an inline around their text rather than as a leaf's mark. */
const WRAPPERS = new Set(['link', 'annotation']);

export interface FromEditorOptions {
  /**
   * Write a node that is as it was read as the JSON it was read from (default). Off, every node is
   * written from the editor's content: the conversion's own result, which the tests check.
   */
  reuse?: boolean;
}

/**
 * An editor document as the model's JSONDocument: the inverse of `toEditorDoc`. Each node is
 * written over the JSON it was read from (fields the editor does not map stay, in their order);
 * a node unchanged since it was read is written as that JSON. Text is written as the server's
 * converter writes it: one text object per run between inlines, one leaf per change of marks.
 */
export function fromEditorDoc(doc: PMNode, options: FromEditorOptions = {}): DocNode {
  return new FromEditor(options.reuse ?? true).document(doc);
}

export class FromEditor {
  constructor(private readonly reuse: boolean) {}

  document(doc: PMNode): DocNode {
    const source = sourceOf(doc.attrs)?.json;
    const only = doc.childCount === 1 ? doc.firstChild! : undefined;
    // One empty paragraph read from nothing: an empty page.
    const empty = only?.type.name === 'paragraph' && only.content.size === 0 && !only.attrs['source'] && !only.attrs['key'];
    return assembleFields(source, { object: 'document', data: source ? source.data : {}, nodes: empty ? [] : this.blocks(doc) });
  }

  /** The JSON a node was read from, where it is unchanged since. */
  private unchanged(node: PMNode): DocNode | undefined {
    if (!this.reuse) return undefined;
    const source = sourceOf(node.attrs);
    return source?.loaded && (source.loaded === node || source.loaded.eq(node)) ? source.json : undefined;
  }

  blocks(parent: PMNode): DocNode[] {
    const out: DocNode[] = [];
    parent.forEach((child) => out.push(this.block(child)));
    return out;
  }

  block(node: PMNode): DocNode {
    const unchanged = this.unchanged(node);
    if (unchanged) return unchanged;
    if (node.type.name === UNKNOWN_BLOCK) return this.verbatim(node);
    const spec = blockSpecByName.get(node.type.name);
    if (!spec) throw new Error(`not a block of the document model: ${node.type.name}`);
    const source = sourceOf(node.attrs)?.json;
    const values: Record<string, unknown> = {
      object: 'block',
      type: spec.type,
      key: node.attrs['key'] ?? undefined,
      isVoid: source ? source.isVoid : spec.isVoid,
      data: node.attrs['data'] ?? undefined,
    };
    switch (spec.children) {
      case 'inlines':
        values['nodes'] = this.inlines(node);
        break;
      case 'blocks':
        values['nodes'] = this.blocks(node);
        break;
      case 'fragments': {
        const fragments: DocNode[] = [];
        node.forEach((child) => fragments.push(this.fragment(child, spec.type)));
        // An image always has its fragments; a file or an embed has them when it has a caption.
        values['fragments'] = fragments.length > 0 || spec.type === 'image' || (source && 'fragments' in source) ? fragments : undefined;
        break;
      }
      case 'table':
        Object.assign(values, tableFromEditor(this, node));
        break;
      case 'none':
        break;
    }
    return assembleFields(source, values);
  }

  /** What an unknown block or inline holds: its JSON, with the key the editor gave it. */
  private verbatim(node: PMNode): DocNode {
    const json: DocNode = node.attrs['json'];
    const key = node.attrs['key'] ?? undefined;
    return key === json.key ? json : assembleFields(json, { key });
  }

  fragment(node: PMNode, parentType: string): DocNode {
    const unchanged = this.unchanged(node);
    if (unchanged) return unchanged;
    const spec = fragmentSpecByNodeName.get(node.type.name);
    if (!spec) throw new Error(`not a fragment of the document model: ${node.type.name}`);
    const source = sourceOf(node.attrs)?.json;
    // A caption of an image has no type in the server's documents; other fragments name theirs.
    const type = parentType === 'image' ? undefined : spec.fragment;
    return assembleFields(source, { object: 'fragment', ...(source ? {} : { type }), fragment: spec.fragment, nodes: this.blocks(node) });
  }

  /** A table cell's fragment: its id and fields as read (a new cell's a new id), its blocks as they are. */
  fragmentOfCell(cell: PMNode): DocNode {
    const unchanged = this.unchanged(cell);
    if (unchanged) return unchanged;
    const source = sourceOf(cell.attrs)?.json;
    return assembleFields(source, { object: 'fragment', fragment: source?.fragment ?? cell.attrs['fragmentId'] ?? newId('f'), nodes: this.blocks(cell) });
  }

  /** Text and inlines: runs of text as text objects of leaves, a link's or an annotation's run as its inline. */
  inlines(parent: PMNode): DocNode[] {
    const out: DocNode[] = [];
    let wrapper: { mark: Mark; node: DocNode } | undefined;
    parent.forEach((child) => {
      const mark = child.marks.find((m) => WRAPPERS.has(m.type.name));
      if (wrapper && (!mark || !mark.eq(wrapper.mark))) wrapper = undefined;
      if (mark && !wrapper) {
        wrapper = { mark, node: mark.type.name === 'link' ? this.link(mark) : this.annotation(mark) };
        out.push(wrapper.node);
      }
      const into = wrapper ? wrapper.node.nodes! : out;
      if (child.isText) {
        const leaf: DocLeaf = { object: 'leaf', text: child.text!, marks: this.marks(child.marks) };
        const last = into[into.length - 1];
        if (last?.object === 'text') last.leaves!.push(leaf);
        else into.push({ object: 'text', leaves: [leaf] });
      } else {
        into.push(this.inline(child));
      }
    });
    return out.length > 0 ? out : [textNode('')];
  }

  private link(mark: Mark): DocNode {
    const source = sourceOf(mark.attrs)?.json;
    return assembleFields(source, { object: 'inline', type: 'link', key: mark.attrs['key'] ?? undefined, isVoid: source ? source.isVoid : false, data: mark.attrs['data'] ?? undefined, nodes: [] });
  }

  /** An annotation: its fields as read, its text (filled in by `inlines`) and its note. */
  private annotation(mark: Mark): DocNode {
    const source = sourceOf(mark.attrs)?.json;
    return assembleFields(source, {
      object: 'inline',
      type: 'annotation',
      key: mark.attrs['key'] ?? undefined,
      isVoid: source ? source.isVoid : false,
      data: mark.attrs['data'] ?? undefined,
      nodes: [],
      fragments: mark.attrs['note'] ?? undefined,
    });
  }

  inline(node: PMNode): DocNode {
    const unchanged = this.unchanged(node);
    if (unchanged) return unchanged;
    if (node.type.name === UNKNOWN_INLINE) return this.verbatim(node);
    const spec = inlineSpecByName.get(node.type.name);
    if (!spec) throw new Error(`not an inline of the document model: ${node.type.name}`);
    const source = sourceOf(node.attrs)?.json;
    return assembleFields(source, { object: 'inline', type: spec.type, key: node.attrs['key'] ?? undefined, isVoid: source ? source.isVoid : true, data: node.attrs['data'] ?? undefined });
  }

  marks(marks: readonly Mark[]): DocMark[] {
    const out: DocMark[] = [];
    for (const mark of marks) {
      if (WRAPPERS.has(mark.type.name)) continue;
      if (mark.type.name === UNKNOWN_MARK) out.push(mark.attrs['json']);
      else if (mark.type.name === 'color') out.push({ object: 'mark', type: 'color', data: mark.attrs['data'] });
      else out.push({ object: 'mark', type: mark.type.name });
    }
    return out;
  }
}
