import { BadRequestException } from '@nestjs/common';
import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { QueryNumber } from './transforms';
import { EmptyQueryShortcutPipe } from './empty-query-shortcut.pipe';

class OptionalQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc' = 'desc';

  @IsOptional()
  @QueryNumber()
  @IsInt()
  limit?: number;
}

class RequiredQuery {
  @IsString()
  name: string;
}

describe('EmptyQueryShortcutPipe', () => {
  const query = (metatype: new () => unknown) => ({ type: 'query' as const, metatype, data: undefined });

  it('answers an empty query with a fresh instance carrying the defaults, every time', async () => {
    const pipe = new EmptyQueryShortcutPipe();
    const first = await pipe.transform({}, query(OptionalQuery));
    const second = await pipe.transform({}, query(OptionalQuery));
    const absent = await pipe.transform(undefined, query(OptionalQuery));
    for (const result of [first, second, absent]) {
      expect(result).toBeInstanceOf(OptionalQuery);
      expect(result).toEqual(Object.assign(new OptionalQuery(), { order: 'desc' }));
    }
    expect(second).not.toBe(first);
    (first as OptionalQuery).order = 'asc'; // a handler changing its copy changes no later request
    expect(await pipe.transform({}, query(OptionalQuery))).toEqual(Object.assign(new OptionalQuery(), { order: 'desc' }));
  });

  it('still validates and converts queries that have fields', async () => {
    const pipe = new EmptyQueryShortcutPipe();
    await pipe.transform({}, query(OptionalQuery));
    expect(await pipe.transform({ limit: '20' }, query(OptionalQuery))).toEqual(Object.assign(new OptionalQuery(), { limit: 20 }));
    await expect(pipe.transform({ order: 'sideways' }, query(OptionalQuery))).rejects.toThrow(BadRequestException);
    await expect(pipe.transform({ unknown: '1' }, query(OptionalQuery))).rejects.toThrow(BadRequestException);
  });

  it('refuses an empty query each time when the DTO requires a field', async () => {
    const pipe = new EmptyQueryShortcutPipe();
    await expect(pipe.transform({}, query(RequiredQuery))).rejects.toThrow(/name/);
    await expect(pipe.transform({}, query(RequiredQuery))).rejects.toThrow(/name/);
  });
});
