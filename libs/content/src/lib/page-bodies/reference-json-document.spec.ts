import { markdownToDocument } from './document-codec';
import { jsonDocumentProblem } from './reference-json-document';

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const paragraph = (value: string) => ({ object: 'block', type: 'paragraph', nodes: [text(value)] });
const document = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });

describe("jsonDocumentProblem: the reference's JSONDocument, field by field", () => {
  it('takes what the reference takes: every document the markdown converter makes, schemaVersion an integer', () => {
    const converted = markdownToDocument('# Title\n\nText with **bold**, `code` and [a link](https://example.com).\n\n- one\n- two\n\n$$\nx^2\n$$\n\n---\n\n```js\nlet a;\n```\n');
    expect(jsonDocumentProblem(converted, 'document')).toBeUndefined();
    expect(jsonDocumentProblem({ ...document(paragraph('a')), data: { schemaVersion: 2 } }, 'document')).toBeUndefined();
    // A void block has no nodes in the reference: none needed.
    expect(jsonDocumentProblem(document({ object: 'block', type: 'math', data: { formula: 'x' }, isVoid: true }), 'document')).toBeUndefined();
  });

  it.each([
    ['a math block without its formula', document({ object: 'block', type: 'math', data: {}, isVoid: true }), 'document.nodes[0].data.formula is required'],
    ['a paragraph with the fields of a math block', document({ object: 'block', type: 'paragraph', data: { formula: 'x' }, isVoid: true, nodes: [] }), 'document.nodes[0].isVoid must be one of the following values: false'],
    ['a paragraph with the data of a math block', document({ object: 'block', type: 'paragraph', data: { formula: 'x' }, nodes: [] }), 'document.nodes[0].data: property formula should not exist'],
    ['a divider with data', document({ object: 'block', type: 'divider', isVoid: true, data: { formula: 'x' } }), 'document.nodes[0].data: property formula should not exist'],
    ['schemaVersion null', { ...document(), data: { schemaVersion: null } }, 'document.data.schemaVersion must not be null'],
    ['schemaVersion as text', { ...document(), data: { schemaVersion: '1' } }, 'document.data.schemaVersion must be an integer'],
    ['no data', { object: 'document', nodes: [] }, 'document.data is required'],
    ['another object', { object: 'page', data: {}, nodes: [] }, 'document.object must be one of the following values: document'],
    ['nodes not an array', { object: 'document', data: {}, nodes: {} }, 'document.nodes must be an array'],
    ['a block without object', document({ type: 'paragraph', nodes: [] }), 'document.nodes[0].object is required'],
    ['an inline at the top level', document({ object: 'inline', type: 'link', nodes: [] }), 'document.nodes[0].object must be one of the following values: block'],
    ['a block of no type', document({ object: 'block', type: 'nope', nodes: [] }), 'document.nodes[0].type must be one of the following values: paragraph, heading-1'],
    ['a list item at the top level', document({ object: 'block', type: 'list-item', nodes: [] }), 'document.nodes[0].type must be one of the following values: paragraph'],
    ['a leaf without its text, deep down', document(paragraph('a'), { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', marks: [] }] }] }), 'document.nodes[1].nodes[0].leaves[0].text is required'],
    ['an unknown mark', document({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'a', marks: [{ object: 'mark', type: 'blink' }] }] }] }), 'document.nodes[0].nodes[0].leaves[0].marks[0].type must be one of the following values: bold'],
    ['not an object', 'text', 'document must be an object'],
  ])('%s: names the field', (_label, value, message) => {
    expect(jsonDocumentProblem(value, 'document')).toContain(message);
  });

  it('names the field under the caller\'s name for it', () => {
    expect(jsonDocumentProblem({ object: 'document', nodes: [] }, 'body.document')).toBe('body.document.data is required');
  });
});
