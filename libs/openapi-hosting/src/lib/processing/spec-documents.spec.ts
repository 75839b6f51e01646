import { specContentHash } from './spec-content-hash';
import { externalRefs, parseSpecText } from './spec-documents';
import { loadText } from './spec-loader';
import { SpecProblem } from './spec-problem';
import { resolvePath } from './spec-filesystem';

describe('spec documents', () => {
  it('parses JSON and YAML, and says what is wrong with the rest', () => {
    expect(parseSpecText('{"openapi": "3.1.0"}', 'a.json')).toMatchObject({ format: 'json', document: { openapi: '3.1.0' } });
    expect(parseSpecText('\uFEFFopenapi: 3.1.0\n', 'a.yaml')).toMatchObject({ format: 'yaml', document: { openapi: '3.1.0' } });
    const problem = (text: string) => {
      try {
        parseSpecText(text, 'spec.yaml');
      } catch (error) {
        expect(error).toBeInstanceOf(SpecProblem);
        return [(error as SpecProblem).code, (error as SpecProblem).message];
      }
      throw new Error('expected a problem');
    };
    expect(problem('')).toEqual(['PARSE_ERROR', 'spec.yaml is empty.']);
    expect(problem('{"open": ')[1]).toMatch(/^spec.yaml is not valid JSON: /);
    expect(problem('a: [1\n')[1]).toMatch(/^spec.yaml is not valid YAML: /);
    expect(problem('a: 1\na: 2\n')[1]).toMatch(/not valid YAML/);
    expect(problem('- just\n- a list\n')[1]).toBe('spec.yaml is not an OpenAPI document: it is not an object.');
    expect(problem('just words')[1]).toBe('spec.yaml is not an OpenAPI document: it is not an object.');
    // A "billion laughs" document is refused, not expanded.
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n');
    expect(problem(laughs)[1]).toMatch(/not valid YAML/);
  });

  it('finds the $refs into other files, once each, without their fragments', () => {
    const document = {
      paths: { '/a': { $ref: 'paths/a.yaml' } },
      components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: 'schemas.yaml#/B' }, C: { items: [{ $ref: 'schemas.yaml#/C' }] } } },
    };
    expect(externalRefs(document).sort()).toEqual(['paths/a.yaml', 'schemas.yaml']);
  });

  it('resolves a reference written in one file of the spec to a path of the spec', () => {
    expect(resolvePath('openapi.yaml', 'schemas/pet.yaml')).toBe('schemas/pet.yaml');
    expect(resolvePath('v1/openapi.yaml', '../shared/errors.yaml')).toBe('shared/errors.yaml');
    expect(resolvePath('v1/schemas/pet.yaml', './owner.yaml')).toBe('v1/schemas/owner.yaml');
    expect(resolvePath('v1/schemas/pet.yaml', 'pet%20shop.yaml')).toBe('v1/schemas/pet shop.yaml');
  });

  it('hashes every file by path and text, in any order', () => {
    const file = (text: string) => ({ text, document: {}, format: 'yaml' as const });
    const a = specContentHash(new Map([['a.yaml', file('1')], ['b.yaml', file('2')]]));
    expect(specContentHash(new Map([['b.yaml', file('2')], ['a.yaml', file('1')]]))).toBe(a);
    expect(specContentHash(new Map([['a.yaml', file('1')], ['b.yaml', file('3')]]))).not.toBe(a);
    expect(specContentHash(new Map([['a.yaml', file('1')], ['c.yaml', file('2')]]))).not.toBe(a);
    expect(specContentHash(new Map([['a.yaml', file('12')]]))).not.toBe(specContentHash(new Map([['a.yaml', file('1')], ['2', file('')]])));
  });

  it('a text source is one file: its entry is named by its format; refs to other files and oversized texts are refused', () => {
    expect(loadText('{"openapi": "3.1.0"}', { maxBytes: 1000, maxFiles: 5 }).entry).toBe('openapi.json');
    expect(loadText('openapi: 3.1.0', { maxBytes: 1000, maxFiles: 5 }).entry).toBe('openapi.yaml');
    expect(() => loadText('openapi: 3.1.0\nx: {$ref: "other.yaml"}', { maxBytes: 1000, maxFiles: 5 })).toThrow(/refers to other files \(other.yaml\)/);
    expect(() => loadText(`openapi: 3.1.0\nx: ${'y'.repeat(100)}`, { maxBytes: 50, maxFiles: 5 })).toThrow(/more than the limit of 50 \(OPENAPI_MAX_BYTES\)/);
  });
});
