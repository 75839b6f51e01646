import { documentReferences } from './site-document-context';
import { prepareForMarkdown } from './site-pages';

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const p = (...nodes: any[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });

describe('prepareForMarkdown', () => {
  it('puts reusable contents in place, applies conditions and fills in variables', () => {
    const document: any = {
      object: 'document',
      data: {},
      nodes: [
        { object: 'block', type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: 'rc' } } },
        { object: 'block', type: 'if', data: { expression: 'yes' }, nodes: [p(text('shown'))] },
        { object: 'block', type: 'if', data: { expression: 'no' }, nodes: [p(text('dropped'))] },
        p(text('Product: '), { object: 'inline', type: 'expression', data: { expression: 'space.vars.product' } }),
        { object: 'block', type: 'hint', data: { style: 'info' }, nodes: [{ object: 'block', type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: 'missing' } } }] },
      ],
    };
    const prepared = prepareForMarkdown(document, new Map([['rc', { object: 'document', data: {}, nodes: [p(text('reused'))] } as any]]), {
      condition: (expression) => expression === 'yes',
      expression: (expression) => (expression === 'space.vars.product' ? 'Docs' : undefined),
    });
    expect(JSON.stringify(prepared.nodes)).toBe(
      JSON.stringify([p(text('reused')), p(text('shown')), p(text('Product: '), text('Docs')), { object: 'block', type: 'hint', data: { style: 'info' }, nodes: [] }]),
    );
  });
});

describe('documentReferences', () => {
  it('lists the spaces pages link to and the OpenAPI specs blocks name', () => {
    const refs = documentReferences([
      {
        object: 'document',
        data: {},
        nodes: [
          p({ object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'p', space: 's1' } }, nodes: [text('x')] }),
          { object: 'block', type: 'content-ref', data: { ref: { kind: 'space', space: 's2' } } },
          { object: 'block', type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'get' } },
          { object: 'block', type: 'table', data: { records: { r: { values: { target: { kind: 'page', page: 'q', space: 's3' } } } } } },
        ],
      } as any,
    ]);
    expect([...refs.spaces]).toEqual(['s1', 's2', 's3']);
    expect([...refs.specs]).toEqual(['petstore']);
  });
});
