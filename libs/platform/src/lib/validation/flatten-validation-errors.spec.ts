import { Type } from 'class-transformer';
import { IsIn, IsString, MaxLength, ValidateNested, validateSync } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { flattenValidationErrors } from './flatten-validation-errors';

class Anchor {
  @IsIn(['space', 'collection']) type: string;
}

class Position {
  @ValidateNested() @Type(() => Anchor) before: Anchor;
}

class Body {
  @IsString() @MaxLength(5) title: string;
  @ValidateNested() @Type(() => Position) position: Position;
  @ValidateNested({ each: true }) @Type(() => Anchor) anchors: Anchor[];
}

const messages = (plain: object) => flattenValidationErrors(validateSync(plainToInstance(Body, plain)));

describe('flattenValidationErrors', () => {
  it('names top-level fields', () => {
    expect(messages({ title: 'too long', position: { before: { type: 'space' } }, anchors: [] })).toEqual([
      'title must be shorter than or equal to 5 characters',
    ]);
  });

  it('names nested fields by their full path', () => {
    expect(messages({ title: 'ok', position: { before: { type: 'page' } }, anchors: [] })).toEqual([
      'position.before.type must be one of the following values: space, collection',
    ]);
  });

  it('reports only the type when a value has the wrong type', () => {
    expect(messages({ title: 42, position: { before: { type: 'space' } }, anchors: [] })).toEqual(['title must be a string']);
  });

  it('names array elements by index', () => {
    expect(messages({ title: 'ok', position: { before: { type: 'space' } }, anchors: [{ type: 'space' }, { type: 'x' }] })).toEqual([
      'anchors[1].type must be one of the following values: space, collection',
    ]);
  });
});
