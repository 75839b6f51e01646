import { sameDocument } from './page-saving';

describe('sameDocument', () => {
  it('compares documents as data, whatever the order of their keys', () => {
    const a = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ text: 'x', marks: [] }] }] }] };
    const b = { nodes: [{ nodes: [{ leaves: [{ marks: [], text: 'x' }], object: 'text' }], data: {}, type: 'paragraph', object: 'block' }], data: {}, object: 'document' };
    expect(sameDocument(a, b)).toBe(true);
    expect(sameDocument(a, { ...b, nodes: [] })).toBe(false);
    expect(sameDocument({ x: 1, y: undefined }, { x: 1 })).toBe(true);
  });
});
