import { BadRequestException, Injectable } from '@nestjs/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { composedStatement, SqlPool } from '../database/sql-pool';
import { InstanceSecrets } from '../secrets/instance-secrets';
import { CursorCodec, CursorValue, InvalidCursorError } from './cursor-codec';
import { keysetCondition, keysetConditionSql, KeysetTerm, SortDirection } from './keyset-condition';
import { Page } from './list-envelope';
import { DEFAULT_PAGE_SIZE } from './list-query.dto';

export interface SortKey<T> extends KeysetTerm {
  /** Reads this column's value from a fetched item, to write the next cursor. */
  value: (item: T) => string | number | Date;
  /** Dates travel in cursors as ISO strings and are cast back with this SQL type. */
  kind: 'timestamp' | 'text' | 'number';
}

export interface PageRequest {
  /** Identifies the list and every filter applied to it; a cursor only works for the same scope. */
  scope: string;
  page?: string;
  limit?: number;
}

/** A list served by hand-written SQL (hot lists), as `Paginator.paginateSql` takes it. */
export interface SqlList<T> {
  /** Prefix of the list's prepared statement names (one statement per distinct text). */
  name: string;
  /** `SELECT ... FROM ... WHERE ...` with `$1`..`$n`: the matching rows; no ORDER BY, no LIMIT. */
  sql: string;
  values: unknown[];
  /** A result row -> the list's item (what the sort keys read their cursor values from). */
  item: (row: Record<string, any>) => T;
  /** The exact number of matching rows: a maintained counter where lists grow large. */
  count: () => Promise<number> | number;
  /**
   * The same count as one SQL `SELECT count(*)::int ...` over the same `$1`..`$n`, when it is
   * cheap enough to run with every page: the page's statement then carries it (an uncorrelated
   * subquery, run once), one statement instead of two; `count()` is only called for an empty
   * page after a cursor.
   */
  countSql?: string;
  /**
   * The list's statement computes the exact count itself (e.g. from maintained counters) and
   * every row carries it in this column: one statement, no `count()`, as long as the page has
   * rows. An empty page cannot tell "nothing matches" from "the caller may not list" when the
   * statement also checks the caller, so `count()` is then always called (it may throw, e.g. 404).
   */
  countColumn?: string;
}

/** One column of a list's order; the last key of every list must be unique (the id). */
export function sortKey<T>(
  expression: string,
  direction: SortDirection,
  kind: SortKey<T>['kind'],
  value: SortKey<T>['value'],
): SortKey<T> {
  return { expression, direction, kind, value };
}

/**
 * The keyset paginator every list uses: counts what matches, then fetches one page after the
 * cursor's position in a stable order (the last sort key must be unique, usually the id).
 * Page N costs what page 1 does, and rows inserted while a client pages through a list can
 * neither duplicate nor hide rows already listed.
 */
@Injectable()
export class Paginator {
  private codec?: CursorCodec;

  constructor(
    private readonly secrets: InstanceSecrets,
    private readonly sql: SqlPool,
  ) {}

  async paginate<T extends ObjectLiteral>(
    query: SelectQueryBuilder<T>,
    keys: SortKey<T>[],
    request: PageRequest,
  ): Promise<Page<T>> {
    const limit = request.limit ?? DEFAULT_PAGE_SIZE;
    const after = request.page ? await this.decode(request.scope, request.page, keys.length) : undefined;

    const countQuery = query.clone().orderBy();
    const pageQuery = query.clone().orderBy();
    for (const key of keys) pageQuery.addOrderBy(key.expression, key.direction);
    if (after) {
      const condition = keysetCondition(keys.map(toTerm), after);
      pageQuery.andWhere(condition.sql, condition.params);
    }
    pageQuery.limit(limit + 1);

    const [count, rows] = await Promise.all([
      countQuery.getCount(),
      limit === 0 ? Promise.resolve([] as T[]) : pageQuery.getMany(),
    ]);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextPage =
      rows.length > limit && last
        ? await this.encode(request.scope, keys.map((key) => toCursorValue(key.value(last))))
        : undefined;
    return { items, count, nextPage };
  }

  /**
   * The same for a list written in SQL: the page is a named prepared statement (planned once
   * per connection, see SqlPool), and the count comes from the list, run beside the page.
   */
  async paginateSql<T>(list: SqlList<T>, keys: SortKey<T>[], request: PageRequest): Promise<Page<T>> {
    const limit = request.limit ?? DEFAULT_PAGE_SIZE;
    const after = request.page ? await this.decode(request.scope, request.page, keys.length) : undefined;
    const values = [...list.values];
    const carriesCount = (list.countSql !== undefined || list.countColumn !== undefined) && limit > 0;
    let text = carriesCount && list.countSql !== undefined ? withCount(list.sql, list.countSql) : list.sql;
    if (after) {
      const condition = keysetConditionSql(keys.map(toTerm), after, values.length + 1);
      text += ` AND ${condition.sql}`;
      values.push(...condition.values);
    }
    // The limit is written into the text, not passed as a parameter: with `LIMIT $n` the planner
    // costs a generic plan for an unknown limit and so plans the statement again on every
    // execution (three times the database's CPU per page, measured); with a literal, PostgreSQL
    // settles on the generic plan after five executions. One prepared statement per page size.
    if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a page size: ${limit}`);
    text += ` ORDER BY ${keys.map((key) => `${key.expression} ${key.direction}`).join(', ')} LIMIT ${limit + 1}`;

    const [counted, rows] = await Promise.all([
      carriesCount ? undefined : list.count(),
      limit === 0 ? Promise.resolve([]) : this.sql.rows<Record<string, any>>(composedStatement(list.name, text), values),
    ]);
    // A first page without rows means nothing matches (unless the statement also checks the
    // caller: countColumn); after a cursor, the count is asked for.
    const countColumn = list.countColumn ?? LIST_COUNT;
    const count = !carriesCount
      ? (counted as number)
      : rows.length > 0
        ? (rows[0][countColumn] as number)
        : after || list.countColumn !== undefined
          ? await list.count()
          : 0;
    const items = rows.slice(0, limit).map(list.item);
    const last = items[items.length - 1];
    const nextPage =
      rows.length > limit && last !== undefined
        ? await this.encode(request.scope, keys.map((key) => toCursorValue(key.value(last))))
        : undefined;
    return { items, count, nextPage };
  }

  /** The position a cursor encodes (for lists served by hand-written SQL); 400 when invalid. */
  async decode(scope: string, page: string, arity: number): Promise<CursorValue[]> {
    const codec = await this.getCodec();
    try {
      return codec.decode(scope, page, arity);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new BadRequestException(`page: ${error.message}`);
      throw error;
    }
  }

  async encode(scope: string, values: CursorValue[]): Promise<string> {
    return (await this.getCodec()).encode(scope, values);
  }

  private async getCodec(): Promise<CursorCodec> {
    this.codec ??= new CursorCodec(await this.secrets.get('cursor-signing'));
    return this.codec;
  }
}

function toTerm<T>(key: SortKey<T>): KeysetTerm {
  // Timestamps travel as ISO text and must compare as timestamps again.
  return { expression: key.expression, direction: key.direction, cast: key.kind === 'timestamp' ? 'timestamptz' : undefined };
}

function toCursorValue(value: string | number | Date): CursorValue {
  return value instanceof Date ? value.toISOString() : value;
}

const LIST_COUNT = 'list_count';

/** `SELECT (<count>) AS list_count, <the list's columns> FROM ...`. */
function withCount(sql: string, countSql: string): string {
  const select = /^\s*SELECT\s/i.exec(sql);
  if (!select) throw new Error(`A list's SQL must start with SELECT: ${sql.slice(0, 40)}`);
  return `SELECT (${countSql}) AS ${LIST_COUNT}, ${sql.slice(select[0].length)}`;
}
