import { Fragment } from '@tiptap/pm/model';
import type { Mark, Node as PMNode, NodeType, Schema } from '@tiptap/pm/model';
import type { DocMark, DocNode } from '../model/doc-node';
import { ModelSource } from '../model/model-source';
import { blockSpecByType, fragmentSpecByName, UNKNOWN_BLOCK } from '../schema/block-specs';
import { editorSchema } from '../schema/editor-schema';
import { inlineSpecByType, PLAIN_MARKS, UNKNOWN_INLINE, UNKNOWN_MARK } from '../schema/inline-specs';
import { tableToEditor } from './table-to-editor';

const PLAIN = new Set<string>(PLAIN_MARKS);

/** An annotation the editor edits: text (some of it not empty) and its note; any other is kept verbatim. */
const isAnnotation = (json: DocNode) =>
  json.object === 'inline' &&
  json.type === 'annotation' &&
  Array.isArray(json.nodes) &&
  json.nodes.every((child) => child.object === 'text' && Array.isArray(child.leaves)) &&
  json.nodes.some((child) => child.leaves!.some((leaf) => typeof leaf.text === 'string' && leaf.text !== ''));

/**
 * A model document (JSONDocument) as an editor document. Every block, fragment and inline becomes
 * its node, with its `key`, its `data` and the JSON it was read from (`source`: fields the editor
 * does not map, and what is written back while the node is unchanged). A block the editor does not
 * map, or one that cannot stand where it is in the schema, becomes an `unknownBlock` that keeps its
 * JSON; an inline likewise an `unknownInline`, a mark an `unknownMark`.
 */
export function toEditorDoc(document: DocNode | object, schema: Schema = editorSchema()): PMNode {
  return new ToEditor(schema).document(document as DocNode);
}

export class ToEditor {
  constructor(readonly schema: Schema) {}

  document(json: DocNode): PMNode {
    const doc = this.schema.topNodeType;
    // An empty page is one empty paragraph read from nothing (written back as no block).
    const children = (json.nodes ?? []).length === 0 ? [this.schema.nodes['paragraph'].create()] : this.blocks(json.nodes ?? [], doc);
    return this.remember(json, (source) => doc.create({ source }, children ?? [this.unknownBlock({ object: 'block', type: 'unknown' })]));
  }

  /** A node built with its source, which remembers the node to know later whether it changed. */
  remember(json: DocNode, build: (source: ModelSource) => PMNode): PMNode {
    const source = new ModelSource(json);
    const node = build(source);
    source.loaded = node;
    return node;
  }

  /** A container's blocks; one that may not stand there is kept verbatim. Undefined: the container cannot hold them. */
  blocks(nodes: DocNode[], parent: NodeType): PMNode[] | undefined {
    let match = parent.contentMatch;
    const out: PMNode[] = [];
    for (const json of nodes) {
      let node = this.block(json);
      let next = match.matchType(node.type);
      if (!next && node.type.name !== UNKNOWN_BLOCK) {
        node = this.unknownBlock(json);
        next = match.matchType(node.type);
      }
      if (!next) return undefined;
      match = next;
      out.push(node);
    }
    return match.validEnd ? out : undefined;
  }

  block(json: DocNode): PMNode {
    const spec = json.object === 'block' && typeof json.type === 'string' ? blockSpecByType.get(json.type) : undefined;
    if (!spec) return this.unknownBlock(json);
    const type = this.schema.nodes[spec.name];
    if (spec.children === 'table') return tableToEditor(this, json) ?? this.unknownBlock(json);
    let content: PMNode[] | undefined;
    switch (spec.children) {
      case 'inlines':
        content = this.inlines(json.nodes ?? [], type);
        break;
      case 'blocks':
        content = Array.isArray(json.nodes) ? this.blocks(json.nodes, type) : undefined;
        break;
      case 'fragments':
        content = (json.nodes ?? []).length === 0 ? this.fragments(json.fragments ?? [], type) : undefined;
        break;
      case 'none':
        content = [];
        break;
    }
    if (!content || !type.validContent(Fragment.from(content))) return this.unknownBlock(json);
    return this.remember(json, (source) => type.create(this.blockAttrs(json, source), content));
  }

  blockAttrs(json: DocNode, source: ModelSource): Record<string, unknown> {
    return { key: typeof json.key === 'string' ? json.key : null, data: json.data ?? null, source };
  }

  unknownBlock(json: DocNode): PMNode {
    return this.remember(json, (source) => this.schema.nodes[UNKNOWN_BLOCK].create({ key: typeof json.key === 'string' ? json.key : null, json, source }));
  }

  fragments(fragments: DocNode[], parent: NodeType): PMNode[] | undefined {
    const out: PMNode[] = [];
    for (const json of fragments) {
      const spec = json.object === 'fragment' && typeof json.fragment === 'string' ? fragmentSpecByName.get(json.fragment) : undefined;
      if (!spec) return undefined;
      const type = this.schema.nodes[spec.name];
      const children = this.blocks(json.nodes ?? [], type);
      if (!children) return undefined;
      out.push(this.remember(json, (source) => type.create({ source }, children)));
    }
    return parent.validContent(Fragment.from(out)) ? out : undefined;
  }

  /** The text and inlines of a text block; undefined when a mark may not stand in it. */
  inlines(nodes: DocNode[], parent: NodeType): PMNode[] | undefined {
    const out: PMNode[] = [];
    const add = (node: PMNode) => {
      if (!node.marks.every((mark) => parent.allowsMarkType(mark.type))) return false;
      out.push(node);
      return true;
    };
    for (const json of nodes) {
      if (json.object === 'text') {
        for (const leaf of json.leaves ?? []) {
          if (typeof leaf.text !== 'string' || leaf.text === '') continue;
          if (!add(this.schema.text(leaf.text, this.marks(leaf.marks ?? [])))) return undefined;
        }
      } else if (json.object === 'inline' && json.type === 'link' && Array.isArray(json.nodes)) {
        // A link is a mark over its text: the mark holds the link's own fields.
        const link = this.schema.marks['link'].create({ key: typeof json.key === 'string' ? json.key : null, data: json.data ?? null, source: new ModelSource(json) });
        for (const child of json.nodes) {
          if (child.object === 'text') {
            for (const leaf of child.leaves ?? []) {
              if (typeof leaf.text !== 'string' || leaf.text === '') continue;
              if (!add(this.schema.text(leaf.text, link.addToSet(this.marks(leaf.marks ?? []))))) return undefined;
            }
          } else {
            const atom = this.inline(child, parent);
            if (!atom.type.allowsMarkType(link.type)) return undefined;
            if (!add(atom.mark(link.addToSet(atom.marks)))) return undefined;
          }
        }
      } else if (isAnnotation(json)) {
        // An annotation is a mark over its text: the mark holds the annotation's fields and its note.
        const annotation = this.schema.marks['annotation'].create({
          key: typeof json.key === 'string' ? json.key : null,
          data: json.data ?? null,
          note: json.fragments ?? null,
          source: new ModelSource(json),
        });
        for (const child of json.nodes!) {
          for (const leaf of child.leaves ?? []) {
            if (typeof leaf.text !== 'string' || leaf.text === '') continue;
            if (!add(this.schema.text(leaf.text, annotation.addToSet(this.marks(leaf.marks ?? []))))) return undefined;
          }
        }
      } else if (!add(this.inline(json, parent))) return undefined;
    }
    return out;
  }

  /** An inline object as its atom (or kept verbatim where its type is unknown or not allowed). */
  inline(json: DocNode, parent: NodeType): PMNode {
    const spec = json.object === 'inline' && typeof json.type === 'string' ? inlineSpecByType.get(json.type) : undefined;
    const type = spec ? this.schema.nodes[spec.name] : undefined;
    const key = typeof json.key === 'string' ? json.key : null;
    if (type && parent.contentMatch.matchType(type) !== null) return this.remember(json, (source) => type.create({ key, data: json.data ?? null, source }));
    return this.remember(json, (source) => this.schema.nodes[UNKNOWN_INLINE].create({ key, json, source }));
  }

  marks(marks: DocMark[]): readonly Mark[] {
    return marks.map((mark) => this.mark(mark)).reduce<readonly Mark[]>((set, mark) => mark.addToSet(set), []);
  }

  mark(json: DocMark): Mark {
    const fields = Object.keys(json);
    if (PLAIN.has(json.type) && fields.length === 2 && json.object === 'mark') return this.schema.marks[json.type].create();
    if (json.type === 'color' && json.object === 'mark' && fields.length === 3 && json.data && typeof json.data === 'object') return this.schema.marks['color'].create({ data: json.data });
    return this.schema.marks[UNKNOWN_MARK].create({ json });
  }
}
