import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Verbatim } from './dto-shape';
import { inspectInput, JSON_MAX_DEPTH, pathParameterProblem } from './input-hygiene';

class Anchor {
  @ApiProperty() type: string;
  @ApiPropertyOptional() id?: string;
}

class Body {
  @ApiProperty() title: string;
  @ApiPropertyOptional({ nullable: true }) description?: string | null;
  @ApiPropertyOptional({ type: () => Anchor }) before?: Anchor;
  @ApiPropertyOptional({ type: [Anchor] }) anchors?: Anchor[];
  @ApiPropertyOptional() @Verbatim() code?: string;
}

class Query {
  @ApiPropertyOptional() limit?: string;
  @ApiPropertyOptional({ isArray: true, type: String }) tags?: string[];
}

describe('inspectInput', () => {
  it('trims strings at any depth, except @Verbatim ones', () => {
    const { value, problems } = inspectInput({ title: '  a ', before: { type: ' space ' }, anchors: [{ type: ' x' }], code: '  keep ' }, Body, 'body');
    expect(problems).toEqual([]);
    expect(value).toEqual({ title: 'a', before: { type: 'space' }, anchors: [{ type: 'x' }], code: '  keep ' });
  });

  it('refuses NUL in strings and keys, naming the full path', () => {
    const { problems } = inspectInput({ title: 'a\u0000', anchors: [{ type: 'ok' }, { type: '\u0000' }], ['k\u0000']: 1 }, Body, 'body');
    expect(problems).toEqual([
      'title must not contain the NUL character (U+0000)',
      'anchors[1].type must not contain the NUL character (U+0000)',
      'k\u0000 is not a valid field name: it contains the NUL character (U+0000)',
    ]);
  });

  it('refuses lone surrogates (ill-formed UTF-16) in strings and keys, free-form values included', () => {
    const body = JSON.parse('{"title": "a\\ud800", "before": {"type": "\\udc00x"}, "free": {"ok": "\\ud83d\\ude00", "\\ud800": 1}}');
    expect(inspectInput(body, Body, 'body').problems).toEqual([
      'title must be valid Unicode text: it holds a lone surrogate (U+D800 to U+DFFF)',
      'before.type must be valid Unicode text: it holds a lone surrogate (U+D800 to U+DFFF)',
      'free.\ud800 is not a valid field name: it holds a lone surrogate (U+D800 to U+DFFF)',
    ]);
  });

  it('accepts null only where the property is nullable; unknown fields are left to the validators', () => {
    expect(inspectInput({ title: 'a', description: null, other: null }, Body, 'body').problems).toEqual([]);
    expect(inspectInput({ title: 'a', before: null }, Body, 'body').problems).toEqual(['before must not be null (omit it instead)']);
    expect(inspectInput({ title: null }, Body, 'body').paths).toEqual(['title']);
  });

  it('says a missing required property is required, nested too', () => {
    expect(inspectInput({ before: {} }, Body, 'body').problems).toEqual(['before.type is required', 'title is required']);
  });

  it('refuses a repeated query parameter unless it is declared an array', () => {
    expect(inspectInput({ limit: ['1', '2'], tags: ['a', 'b'] }, Query, 'query').problems).toEqual([
      'limit is given more than once: give this query parameter once',
    ]);
  });

  it('without a DTO, still refuses NUL but keeps free-form strings as sent', () => {
    expect(inspectInput({ a: [' b\u0000'] }, undefined, 'body')).toMatchObject({
      value: { a: [' b\u0000'] },
      problems: ['a[0] must not contain the NUL character (U+0000)'],
      paths: ['a[0]'],
    });
  });

  it('path parameters: NUL only', () => {
    expect(pathParameterProblem('spaceId', 'a\u0000')).toBe('spaceId must not contain the NUL character (U+0000)');
    expect(pathParameterProblem('spaceId', ' a ')).toBeUndefined();
    // A wildcard parameter (`content/path/*pagePath`) is an array of segments.
    expect(pathParameterProblem('pagePath', ['guide', 'a\u0000'])).toBe('pagePath must not contain the NUL character (U+0000)');
  });

  it('refuses undeclared fields named after Object.prototype members, at any depth of the DTO', () => {
    const body = JSON.parse('{"__proto__": {"title": "x"}, "title": "a", "constructor": 1, "toString": "x", "before": {"type": "t", "hasOwnProperty": 2}}');
    const { value, problems } = inspectInput(body, Body, 'body');
    expect(problems).toEqual([
      'property __proto__ should not exist',
      'property constructor should not exist',
      'property toString should not exist',
      'before.hasOwnProperty: property hasOwnProperty should not exist',
    ]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(['title', 'before']);
  });

  it('keeps every key of a free-form value an own field, "__proto__" and "constructor" included, and out of the skeleton', () => {
    class WithDocument {
      @ApiProperty({ type: 'object', additionalProperties: true }) document: Record<string, unknown>;
    }
    const body = JSON.parse('{"document": {"__proto__": {"a": 1}, "constructor": 2, "toString": " x ", "nodes": [{"valueOf": 3}]}}');
    const { value, skeleton, freeForm, problems } = inspectInput(body, WithDocument, 'body');
    expect(problems).toEqual([]);
    const document = (value as { document: Record<string, unknown> }).document;
    expect(Object.getPrototypeOf(document)).toBe(Object.prototype);
    expect(Object.keys(document)).toEqual(['__proto__', 'constructor', 'toString', 'nodes']);
    expect(JSON.stringify(value)).toBe(JSON.stringify(body));
    expect(skeleton).toEqual({ document: {} });
    expect(freeForm).toEqual([{ path: ['document'], value: document }]);
  });

  it('refuses an array where the DTO declares an object, and an object where it declares an array', () => {
    expect(inspectInput({ title: 'a', before: [] }, Body, 'body').problems).toEqual(['before must be an object, not an array']);
    expect(inspectInput({ title: 'a', anchors: { type: 'x' } }, Body, 'body').problems).toEqual(['anchors must be an array']);
  });

  it('bounds the nesting before anything else walks it, without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const { problems } = inspectInput({ title: 'a', extra: deep }, Body, 'body');
    expect(problems).toEqual([`extra nests arrays and objects deeper than ${JSON_MAX_DEPTH} levels`]);
    let object: unknown = {};
    // The body is level 1, `extra` level 2: JSON_MAX_DEPTH levels in all.
    for (let i = 0; i < JSON_MAX_DEPTH - 2; i++) object = { a: object };
    expect(inspectInput({ title: 'a', extra: object }, Body, 'body').problems).toEqual([]);
    expect(inspectInput({ title: 'a', extra: { a: object } }, Body, 'body').problems).toHaveLength(1);
  });
});
