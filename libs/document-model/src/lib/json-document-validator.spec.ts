import { referenceDocumentValidator } from '../testing';
import { markdownToDocument } from './markdown-to-document';

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const paragraph = (value: string) => ({ object: 'block', type: 'paragraph', nodes: [text(value)] });
const document = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });

describe("JsonDocumentValidator: the reference's JSONDocument, field by field", () => {
  const validator = referenceDocumentValidator();

  it('takes what the reference takes: every document the markdown converter makes, schemaVersion an integer', () => {
    const converted = markdownToDocument('# Title\n\nText with **bold**, `code` and [a link](https://example.com).\n\n- one\n- two\n\n$$\nx^2\n$$\n\n---\n\n```js\nlet a;\n```\n');
    expect(validator.problem(converted, 'document')).toBeUndefined();
    expect(validator.problem({ ...document(paragraph('a')), data: { schemaVersion: 2 } }, 'document')).toBeUndefined();
    // A void block has no nodes in the reference: none needed.
    expect(validator.problem(document({ object: 'block', type: 'math', data: { formula: 'x' }, isVoid: true }), 'document')).toBeUndefined();
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
    expect(validator.problem(value, 'document')).toContain(message);
  });

  it('names the field under the caller\'s name for it', () => {
    expect(validator.problem({ object: 'document', nodes: [] }, 'body.document')).toBe('body.document.data is required');
  });
});

describe('JsonDocumentValidator.check: a document to keep, or the problem', () => {
  const validator = referenceDocumentValidator();

  it('keeps the three members of a document and nothing else', () => {
    const checked = validator.check({ ...document(paragraph('a')), extra: true }, 'document');
    expect(checked).toEqual({ document: document(paragraph('a')) });
  });

  it('answers the problem of what is no document', () => {
    expect(validator.check({ object: 'document', nodes: [] }, 'body.document')).toEqual({ problem: 'body.document.data is required' });
  });
});
