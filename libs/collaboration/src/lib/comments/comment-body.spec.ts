import { BadRequestException } from '@nestjs/common';
import { COMMENT_BODY_MAX, commentDocument, presentBody } from './comment-body';

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('no error');
};

describe('comment bodies', () => {
  it('markdown in, document stored, markdown or document out', () => {
    const document = commentDocument({ markdown: 'Looks **good**.\n\n- one\n- two' });
    expect(document.object).toBe('document');
    expect(presentBody(document, 'markdown')).toEqual({ markdown: 'Looks **good**.\n\n* one\n* two\n' });
    expect(presentBody(document, 'document')).toEqual({ document });
  });

  it('a JSON document in', () => {
    const given = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Hi', marks: [] }] }] }],
    };
    const document = commentDocument({ document: given });
    expect(presentBody(document, 'markdown')).toEqual({ markdown: 'Hi\n' });
  });

  it('exactly one form, not empty', () => {
    expect(message(() => commentDocument({}))).toBe('body must have exactly one of markdown or document');
    expect(message(() => commentDocument({ markdown: 'a', document: { object: 'document', nodes: [] } }))).toBe('body must have exactly one of markdown or document');
    for (const markdown of ['', '   ', '\n\n']) expect(message(() => commentDocument({ markdown }))).toMatch(/^body must not be empty/);
    expect(message(() => commentDocument({ document: { object: 'document', data: {}, nodes: [] } }))).toMatch(/^body must not be empty/);
  });

  it('at most COMMENT_BODY_MAX characters of markdown, as markdown or as a document', () => {
    expect(() => commentDocument({ markdown: 'x'.repeat(COMMENT_BODY_MAX) })).not.toThrow();
    expect(message(() => commentDocument({ markdown: 'x'.repeat(COMMENT_BODY_MAX + 1) }))).toBe(`body must be at most ${COMMENT_BODY_MAX} characters of markdown`);
    const long = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'y'.repeat(COMMENT_BODY_MAX + 1), marks: [] }] }] }] };
    expect(message(() => commentDocument({ document: long }))).toBe(`body must be at most ${COMMENT_BODY_MAX} characters of markdown`);
  });

  it("documents pass the content library checks: the reference's JSONDocument, at most 128 levels", () => {
    expect(message(() => commentDocument({ document: { nodes: [] } }))).toBe('body.document.object is required');
    expect(message(() => commentDocument({ document: { object: 'document', data: {}, nodes: [{ type: 'paragraph' }] } }))).toBe('body.document.nodes[0].object is required');
    expect(message(() => commentDocument({ document: { object: 'document', nodes: [] } }))).toBe('body.document.data is required');
    expect(message(() => commentDocument({ document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'math', data: {}, isVoid: true }] } }))).toBe('body.document.nodes[0].data.formula is required');
    let deep: Record<string, unknown> = { object: 'text', leaves: [] };
    for (let i = 0; i < 200; i++) deep = { object: 'block', type: 'blockquote', nodes: [deep] };
    expect(message(() => commentDocument({ document: { object: 'document', nodes: [deep] } }))).toMatch(/nests deeper than 128 levels/);
  });
});
