import { BadRequestException } from '@nestjs/common';
import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { CachedQueryValidationPipe } from './cached-query-validation.pipe';
import { QueryValidationCache } from './query-validation-cache';
import { QueryNumber } from './transforms';

class OptionalQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc' = 'desc';

  @IsOptional()
  @QueryNumber()
  @IsInt()
  limit?: number;

  @IsOptional()
  @IsString({ each: true })
  tags?: string[];
}

class RequiredQuery {
  @IsString()
  name: string;
}

const query = (metatype: new () => unknown) => ({ type: 'query' as const, metatype, data: undefined });
const withDefaults = (fields: Partial<OptionalQuery> = {}) => Object.assign(new OptionalQuery(), { order: 'desc' }, fields);

describe('CachedQueryValidationPipe', () => {
  it('answers a query it validated before with a fresh instance equal to the first answer', async () => {
    const pipe = new CachedQueryValidationPipe();
    for (const input of [undefined, {}]) {
      const first = await pipe.transform(input, query(OptionalQuery));
      const second = await pipe.transform(input, query(OptionalQuery));
      expect(first).toEqual(withDefaults());
      expect(second).toBeInstanceOf(OptionalQuery);
      expect(second).toEqual(withDefaults());
      expect(second).not.toBe(first);
    }
    const limited = await pipe.transform({ limit: '20' }, query(OptionalQuery));
    expect(limited).toEqual(withDefaults({ limit: 20 }));
    expect(await pipe.transform({ limit: '20' }, query(OptionalQuery))).toEqual(withDefaults({ limit: 20 }));
  });

  it('hands out copies: a handler changing its query changes no later request', async () => {
    const pipe = new CachedQueryValidationPipe();
    await pipe.transform({ tags: ['a', 'b'] }, query(OptionalQuery));
    const copy = (await pipe.transform({ tags: ['a', 'b'] }, query(OptionalQuery))) as OptionalQuery;
    copy.order = 'asc';
    copy.tags!.push('c');
    expect(await pipe.transform({ tags: ['a', 'b'] }, query(OptionalQuery))).toEqual(withDefaults({ tags: ['a', 'b'] }));
  });

  it('refuses invalid queries every time, with their message', async () => {
    const pipe = new CachedQueryValidationPipe();
    for (let i = 0; i < 2; i++) {
      await expect(pipe.transform({ order: 'sideways' }, query(OptionalQuery))).rejects.toThrow(BadRequestException);
      await expect(pipe.transform({ unknown: '1' }, query(OptionalQuery))).rejects.toThrow(/unknown/);
      await expect(pipe.transform({}, query(RequiredQuery))).rejects.toThrow(/name/);
    }
  });

  it('keeps path parameters and bodies out of the cache', async () => {
    const pipe = new CachedQueryValidationPipe();
    expect(await pipe.transform('abc', { type: 'param', metatype: String, data: 'id' })).toBe('abc');
    await expect(pipe.transform({ order: 'sideways' }, { type: 'body', metatype: OptionalQuery, data: undefined })).rejects.toThrow(
      BadRequestException,
    );
  });
});

describe('QueryValidationCache', () => {
  it('forgets the least recently used query strings beyond 256 per DTO', () => {
    const cache = new QueryValidationCache();
    const key = (i: number) => cache.keyOf({ page: `cursor-${i}` })!;
    cache.remember(OptionalQuery, key(0), withDefaults());
    cache.remember(OptionalQuery, key(1), withDefaults());
    for (let i = 2; i < 257; i++) cache.remember(OptionalQuery, key(i), withDefaults());
    expect(cache.copy(OptionalQuery, key(0))).toBeUndefined();
    expect(cache.copy(OptionalQuery, key(1))).toEqual(withDefaults());
  });

  it('does not remember long query strings', () => {
    expect(new QueryValidationCache().keyOf({ search: 'x'.repeat(600) })).toBeUndefined();
  });
});

describe('QueryValidationCache and nested values', () => {
  it('does not remember results holding objects, whose class a copy would lose', () => {
    const cache = new QueryValidationCache();
    const nested = Object.assign(new OptionalQuery(), { tags: [{ name: 'a' }] as unknown as string[] });
    cache.remember(OptionalQuery, '{"x":1}', nested);
    expect(cache.copy(OptionalQuery, '{"x":1}')).toBeUndefined();
  });
});
