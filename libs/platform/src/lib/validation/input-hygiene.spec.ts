import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Verbatim } from './dto-shape';
import { inspectInput, pathParameterProblem } from './input-hygiene';

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
    expect(inspectInput({ a: [' b\u0000'] }, undefined, 'body')).toEqual({
      value: { a: [' b\u0000'] },
      problems: ['a[0] must not contain the NUL character (U+0000)'],
      paths: ['a[0]'],
    });
  });

  it('path parameters: NUL only', () => {
    expect(pathParameterProblem('spaceId', 'a\u0000')).toBe('spaceId must not contain the NUL character (U+0000)');
    expect(pathParameterProblem('spaceId', ' a ')).toBeUndefined();
  });

  it('keeps a "__proto__" key an own property, never the prototype of the copy', () => {
    const { value } = inspectInput(JSON.parse('{"__proto__": {"title": "x"}, "title": "a"}'), Body, 'body');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(['__proto__', 'title']);
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
