import { EditorState } from '@tiptap/pm/state';
import type { Node as PMNode } from '@tiptap/pm/model';
import { everyBlockDocument } from '../../testing/every-block-document';
import type { DocNode } from '../model/doc-node';
import { BLOCK_SPECS, FRAGMENT_SPECS } from '../schema/block-specs';
import { editorSchema } from '../schema/editor-schema';
import { INLINE_SPECS, PLAIN_MARKS } from '../schema/inline-specs';
import { canonicalText } from './canonical-text';
import { fromEditorDoc } from './from-editor-doc';
import { toEditorDoc } from './to-editor-doc';

const documentOf = (...nodes: DocNode[]): DocNode => ({ object: 'document', data: {}, nodes });
const text = (value: string, ...marks: string[]): DocNode => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }] });
const paragraph = (...nodes: DocNode[]): DocNode => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes });
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Where the node with this key is in the editor document, and the node. */
function findKey(doc: PMNode, key: string): { pos: number; node: PMNode } {
  let found: { pos: number; node: PMNode } | undefined;
  doc.descendants((node, pos) => {
    if (!found && node.attrs['key'] === key) found = { pos, node };
    return !found;
  });
  if (!found) throw new Error(`no node with key ${key}`);
  return found;
}

const typesIn = (doc: PMNode) => {
  const types = new Set<string>();
  doc.descendants((node) => {
    types.add(node.type.name);
    node.marks.forEach((mark) => types.add(`mark:${mark.type.name}`));
  });
  return types;
};

describe('the schema against the document model', () => {
  const document = everyBlockDocument();

  it('maps every block, fragment, inline and mark of the hand-written document to its own node or mark', () => {
    const types = typesIn(toEditorDoc(document));
    expect(types.has('unknownBlock')).toBe(false);
    expect(types.has('unknownInline')).toBe(false);
    expect(types.has('mark:unknownMark')).toBe(false);
    const expected = [...BLOCK_SPECS.map((spec) => spec.name), ...FRAGMENT_SPECS.map((spec) => spec.name), ...INLINE_SPECS.map((spec) => spec.name), 'tableHeader', 'tableColumn', 'tableRow', 'tableCell', 'tableValue', ...[...PLAIN_MARKS, 'color', 'link', 'annotation'].map((name) => `mark:${name}`)];
    expect(expected.filter((name) => !types.has(name))).toEqual([]);
  });

  it('has a node for every block type of the reference, and a mark for every mark type', () => {
    const schema = editorSchema();
    const reference = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'list-item', 'divider', 'blockquote', 'hint', 'if', 'images', 'image', 'file', 'drawing', 'embed', 'code', 'code-line', 'math', 'expandable', 'tabs', 'tabs-item', 'table', 'swagger', 'openapi-operation', 'openapi-schemas', 'openapi-webhook', 'content-ref', 'integration', 'reusable-content', 'stepper', 'stepper-step', 'columns', 'column'];
    expect(reference.filter((type) => !BLOCK_SPECS.some((spec) => spec.type === type))).toEqual([]);
    // A link and an annotation are marks over their text; the other inlines are atoms.
    const inlineTypes = ['link', 'emoji', 'icon', 'expression', 'inline-math', 'inline-image', 'annotation', 'mention', 'button'];
    expect(inlineTypes.filter((type) => !INLINE_SPECS.some((spec) => spec.type === type) && !schema.marks[type])).toEqual([]);
    expect(['bold', 'italic', 'code', 'keyboard', 'strikethrough', 'color', 'superscript', 'subscript'].filter((type) => !schema.marks[type])).toEqual([]);
  });

  describe.each((document.nodes ?? []).map((node) => [`${node.type} (${node.key})`, node] as const))('%s', (_, block) => {
    it('is written back as it was read', () => {
      expect(fromEditorDoc(toEditorDoc(documentOf(block)))).toEqual(documentOf(block));
    });

    it('is rebuilt from the editor content alone (text as the editor writes it)', () => {
      expect(fromEditorDoc(toEditorDoc(documentOf(block)), { reuse: false })).toEqual(canonicalText(documentOf(block)));
    });
  });

  it('rebuilds the whole document from the editor content alone', () => {
    expect(fromEditorDoc(toEditorDoc(document), { reuse: false })).toEqual(canonicalText(document));
  });

  it('writes an empty page back as no block', () => {
    expect(fromEditorDoc(toEditorDoc(documentOf()), { reuse: false })).toEqual(documentOf());
  });
});

describe('what the editor cannot map', () => {
  const future: DocNode = { object: 'block', type: 'future-block', key: 'f', isVoid: false, data: { x: 1 }, nodes: [paragraph(text('inside'))], extra: true };
  const codeInHint: DocNode = { object: 'block', type: 'code', key: 'c', isVoid: false, data: {}, nodes: [{ object: 'block', type: 'code-line', isVoid: false, data: {}, nodes: [text('x')] }] };
  const document = documentOf(
    future,
    { object: 'block', type: 'hint', key: 'hint', isVoid: false, data: { style: 'info' }, nodes: [paragraph(text('tip')), codeInHint] },
    paragraph(
      text('a '),
      { object: 'inline', type: 'future-inline', isVoid: true, data: { y: 2 } },
      { object: 'text', leaves: [{ object: 'leaf', text: 'marked', marks: [{ object: 'mark', type: 'future-mark', data: { z: 3 } }, { object: 'mark', type: 'bold' }] }] },
    ),
  );

  it('keeps an unknown block, an unknown inline and an unknown mark verbatim, and a block its container may not hold', () => {
    const doc = toEditorDoc(document);
    expect(doc.child(0).type.name).toBe('unknownBlock');
    expect(doc.child(1).type.name).toBe('hint');
    expect(doc.child(1).child(1).type.name).toBe('unknownBlock');
    expect(fromEditorDoc(doc)).toEqual(document);
    // Rebuilt, the unknown mark follows the marks the editor knows.
    expect(fromEditorDoc(doc, { reuse: false })).toEqual(canonicalText(document));
  });

  it('keeps them through an edit around them', () => {
    const state = EditorState.create({ doc: toEditorDoc(document) });
    const last = state.doc.child(2);
    const end = state.doc.content.size - 1;
    const doc = state.tr.insertText('!', end).doc;
    expect(last.textContent).toBe('a marked');
    const expected = clone(document);
    expected.nodes![2].nodes![2].leaves![0].text = 'marked!';
    expected.nodes![2].nodes![2].leaves![0].marks.reverse();
    expect(fromEditorDoc(doc)).toEqual(expected);
  });
});

describe('an edit', () => {
  const document = everyBlockDocument();
  const state = () => EditorState.create({ doc: toEditorDoc(document) });

  it('of one paragraph changes only that paragraph', () => {
    const { pos, node } = findKey(state().doc, 'p-edit');
    const doc = state().tr.insertText(' Edited', pos + 1 + node.content.size).doc;
    const expected = clone(document);
    expected.nodes![3].nodes = [text('The paragraph the tests edit. Edited')];
    expect(fromEditorDoc(doc)).toEqual(expected);
    expect(fromEditorDoc(doc, { reuse: false })).toEqual(canonicalText(expected));
  });

  it('making part of a leaf bold splits it into leaves', () => {
    const { pos } = findKey(state().doc, 'p-edit');
    const doc = state().tr.addMark(pos + 5, pos + 14, editorSchema().marks['bold'].create()).doc;
    const out = fromEditorDoc(doc);
    expect(out.nodes![3].nodes).toEqual([
      {
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'The ', marks: [] },
          { object: 'leaf', text: 'paragraph', marks: [{ object: 'mark', type: 'bold' }] },
          { object: 'leaf', text: ' the tests edit.', marks: [] },
        ],
      },
    ]);
  });

  it('of a table cell changes that cell`s fragment only', () => {
    const { pos, node } = findKey(state().doc, 'r1c0-p');
    const doc = state().tr.insertText('!', pos + 1 + node.content.size).doc;
    const expected = clone(document);
    const table = expected.nodes!.find((n) => n.key === 'table')!;
    table.fragments![2].nodes![0].nodes = [text('beta!')];
    expect(fromEditorDoc(doc)).toEqual(expected);
    expect(fromEditorDoc(doc, { reuse: false })).toEqual(canonicalText(expected));
  });

  it('of a column title changes that definition`s title only', () => {
    const start = state();
    const table = findKey(start.doc, 'table');
    const titlePos = table.pos + 3; // table > header > first column
    const doc = start.tr.insertText('First ', titlePos).doc;
    const out = fromEditorDoc(doc);
    const expected = clone(document);
    expected.nodes!.find((n) => n.key === 'table')!.data!['definition']['c0'].title = 'First Name';
    expect(out).toEqual(expected);
  });
});

describe('annotations', () => {
  const note = [{ object: 'fragment', type: 'annotation-body', fragment: 'annotation-body', nodes: [paragraph(text('A note'))] }] as DocNode[];
  const annotation = (nodes: DocNode[], key?: string): DocNode => ({ object: 'inline', type: 'annotation', ...(key ? { key } : {}), isVoid: false, nodes, fragments: note });

  it('are a mark over their text holding the note, written back as the inline they were (in text and in code)', () => {
    const document = documentOf(
      paragraph(text('A '), annotation([text('marked ', 'bold'), text('term')], 'a1'), text(' here')),
      { object: 'block', type: 'code', isVoid: false, data: {}, nodes: [{ object: 'block', type: 'code-line', isVoid: false, data: {}, nodes: [text('let '), annotation([text('x')]), text(' = 1')] }] },
    );
    const doc = toEditorDoc(document);
    expect(typesIn(doc).has('mark:annotation')).toBe(true);
    expect(typesIn(doc).has('unknownInline')).toBe(false);
    expect(fromEditorDoc(doc)).toEqual(document);
    expect(fromEditorDoc(doc, { reuse: false })).toEqual(canonicalText(document));
  });

  it('keep one that has no text, or holds more than text, verbatim', () => {
    const document = documentOf(
      paragraph(text('a '), annotation([text('')]), text(' b '), annotation([text('x'), { object: 'inline', type: 'emoji', isVoid: true, data: { code: '1f600' } }])),
    );
    const doc = toEditorDoc(document);
    expect(doc.firstChild!.content.content.filter((node) => node.type.name === 'unknownInline')).toHaveLength(2);
    // Verbatim even when rebuilt (the text around them is already as the editor writes it).
    expect(fromEditorDoc(doc, { reuse: false })).toEqual(document);
  });

  it('and links do not overlap: a link over annotated text replaces the annotation there', () => {
    const document = documentOf(paragraph(annotation([text('term')], 'a1')));
    const state = EditorState.create({ doc: toEditorDoc(document) });
    const link = editorSchema().marks['link'].create({ data: { ref: { kind: 'url', url: 'https://example.com' } } });
    const doc = state.tr.addMark(1, 3, link).doc;
    expect(fromEditorDoc(doc).nodes![0].nodes).toEqual([
      { object: 'inline', type: 'link', isVoid: false, data: { ref: { kind: 'url', url: 'https://example.com' } }, nodes: [text('te')] },
      { ...annotation([text('rm')], 'a1') },
    ]);
  });
});
