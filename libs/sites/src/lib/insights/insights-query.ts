import { contentRef, TrackedEventError } from './tracked-events';

/**
 * `aggregateSiteEvents` (the reference's SiteInsightsQueryEventsAggregation) as SQL over a site's
 * raw events and daily rollups. Every column is an expression of code below, never of input;
 * values travel as parameters.
 */

type Json = Record<string, unknown>;
const fail = (message: string): never => {
  throw new TrackedEventError(message);
};

/** A dimension: what rows are grouped by. `sql` is over the columns both tables share. */
interface Dimension {
  kind: 'dimension';
  sql: string;
  /** SQL type of the filter's parameter array. */
  array: 'text[]' | 'jsonb[]';
  /** Turns a filter value into the parameter's element; undefined: null. */
  toParam?: (value: unknown, path: string) => unknown;
  /** Turns the selected SQL value into the wire value. */
  fromRow?: (value: unknown) => unknown;
}

/** An aggregate: computed per group. `raw` over events, `rolled` over rollups; their results add up. */
interface Aggregate {
  kind: 'aggregate';
  raw: string[];
  rolled: string[];
  fromRow: (values: number[]) => unknown;
}

const textOf = (column: string): Dimension => ({ kind: 'dimension', sql: column, array: 'text[]' });
const detail = (key: string): Dimension => ({ kind: 'dimension', sql: `(details->>'${key}')`, array: 'text[]' });
const urlParam = (name: string): Dimension => ({
  kind: 'dimension',
  // The first value of a query parameter of the page's URL, percent-decoding left to readers.
  sql: `coalesce((regexp_match(url, '[?&]${name}=([^&#]*)'))[1], '')`,
  array: 'text[]',
});
const count = (raw: string, rolled: string): Aggregate => ({ kind: 'aggregate', raw: [raw], rolled: [rolled], fromRow: ([value]) => value });
const countWhere = (condition: string) => [`coalesce(sum(events) FILTER (WHERE ${condition}), 0)`, `coalesce(sum(events) FILTER (WHERE ${condition}), 0)`];

const COLUMNS: Record<string, Dimension | Aggregate | 'datetime' | 'claim' | 'results' | null> = {
  datetime: 'datetime',
  url: textOf('url'),
  eventType: textOf('type'),
  eventsCount: count('sum(events)', 'sum(events)'),
  // A visitor's hash changes every day: distinct hashes count visitor-days, as the rollups' sums do.
  visitorsCount: count('count(DISTINCT visitor_id)', 'sum(visitors)'),
  sessionsCount: count('count(DISTINCT session_id)', 'sum(sessions)'),
  siteSection: textOf('site_section_id'),
  siteSpace: textOf('site_space_id'),
  siteShareKey: textOf('site_share_key_id'),
  displayContext: textOf('display_context'),
  page: {
    kind: 'dimension',
    sql: `CASE WHEN space_id IS NULL THEN NULL ELSE jsonb_build_object('page', page_id, 'space', space_id) END`,
    array: 'jsonb[]',
    toParam: (value, path) => {
      if (value === null) return null;
      const ref = value as Json;
      if (typeof ref !== 'object' || Array.isArray(ref) || typeof ref.space !== 'string' || !(ref.page === null || typeof ref.page === 'string') || Object.keys(ref).some((k) => k !== 'page' && k !== 'space')) {
        fail(`${path} must be null or {"page": <page id or null>, "space": <space id>}`);
      }
      return JSON.stringify({ page: ref.page, space: ref.space });
    },
  },
  // No address is kept, so no place: every event's country and point are unknown.
  visitorGeoCountry: { kind: 'dimension', sql: 'NULL::text', array: 'text[]' },
  visitorGeoPoint: { kind: 'dimension', sql: 'NULL::text', array: 'text[]' },
  visitorDevice: textOf('device'),
  visitorBrowser: textOf('browser'),
  visitorOS: textOf('os'),
  visitorBot: { kind: 'dimension', sql: `coalesce(bot, '')`, array: 'text[]', fromRow: (value) => (value === '' ? null : value) },
  visitorLanguage: textOf('language'),
  eventLinkTargetValue: {
    kind: 'dimension',
    sql: 'link_target',
    array: 'jsonb[]',
    toParam: (value, path) => (value === null ? null : JSON.stringify(contentRef(value, path))),
  },
  eventLinkTargetKind: textOf('link_kind'),
  eventLinkTargetDomain: textOf('link_domain'),
  eventLinkPosition: textOf('link_position'),
  eventAPIOperationPath: detail('operationPath'),
  eventAPIOperationMethod: detail('operationMethod'),
  eventSearchQuery: textOf('search_query'),
  eventPageFeedbackRating: textOf('feedback_rating'),
  eventPageFeedbackComment: textOf('feedback_comment'),
  eventAskResponseRating: { kind: 'dimension', sql: `((details->>'askRating')::integer)`, array: 'text[]', fromRow: (value) => (value === null ? null : Number(value)) },
  pageFeedbackRating: {
    kind: 'aggregate',
    raw: ['bad', 'ok', 'good'].map((rating) => countWhere(`type IN ('page_post_feedback', 'page_post_feedback_comment') AND feedback_rating = '${rating}'`)[0]),
    rolled: ['bad', 'ok', 'good'].map((rating) => countWhere(`type IN ('page_post_feedback', 'page_post_feedback_comment') AND feedback_rating = '${rating}'`)[1]),
    fromRow: ([bad, ok, good]) => ({ ok, good, bad }),
  },
  askResponseRating: {
    kind: 'aggregate',
    raw: [1, -1].map((rating) => countWhere(`type = 'ask_rate_response' AND (details->>'askRating')::integer = ${rating}`)[0]),
    rolled: [1, -1].map((rating) => countWhere(`type = 'ask_rate_response' AND (details->>'askRating')::integer = ${rating}`)[1]),
    fromRow: ([positive, negative]) => ({ positive, negative }),
  },
  referrer: textOf('referrer'),
  referrerDomain: { kind: 'dimension', sql: `coalesce(regexp_replace((regexp_match(referrer, '^[a-z][a-z0-9+.-]*://([^/:?#]+)', 'i'))[1], '^www\\.', ''), '')`, array: 'text[]' },
  utmSource: urlParam('utm_source'),
  utmMedium: urlParam('utm_medium'),
  utmCampaign: urlParam('utm_campaign'),
  utmTerm: urlParam('utm_term'),
  utmContent: urlParam('utm_content'),
  visitorClaim: 'claim',
  // The names of claims: one event has many, so grouping by them would count it once per name.
  visitorClaimProperty: null,
  // Ours, in `where` only (the reference has no column for it): a search's result count, 0 for "found nothing".
  eventSearchResultsCount: 'results',
  eventAdDomain: detail('adDomain'),
  eventAdPlacement: detail('adPlacement'),
  eventTrademarkPlacement: detail('trademarkPlacement'),
};

const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
const PRESETS: Record<string, number> = { lastYear: 365, last3Months: 91, last30Days: 30, last7Days: 7, last24Hours: 1 };
const OPERATORS = ['in', 'notIn', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'] as const;
const COMPARISON: Record<string, string> = { greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' };

/** A column of the query as asked (its wire form, echoed in the answer) and how to compute it. */
interface Resolved {
  wire: Json;
  key: string;
  dimension?: Dimension;
  aggregate?: Aggregate;
}

export interface AggregationSql {
  text: string;
  values: unknown[];
  /** Turns the statement's rows into the answer's `columns`. */
  present: (rows: Record<string, unknown>[]) => { columns: Json[] };
}

/** The statement answering `body` for `siteId` at `now`. */
export function aggregationSql(body: unknown, siteId: string, now: Date): AggregationSql {
  const query = object(body, 'body');
  allowOnly(query, ['select', 'where', 'groupBy', 'order', 'range', 'limit'], 'body');
  const values: unknown[] = [siteId];
  const param = (value: unknown, cast: string) => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };

  // Range.
  if (query.range === undefined) fail('range is required');
  let from: Date;
  let to: Date;
  if (typeof query.range === 'string') {
    const days = PRESETS[query.range] ?? fail(`range must be one of the following values: ${Object.keys(PRESETS).join(', ')}, or {"from", "to"}`);
    to = now;
    from = new Date(now.getTime() - days * 86_400_000);
  } else {
    const range = object(query.range, 'range');
    allowOnly(range, ['from', 'to'], 'range');
    from = timestamp(range.from, 'range.from');
    to = timestamp(range.to, 'range.to');
    if (from > to) fail('range.from must not be after range.to');
  }
  const conditions = [`site_id = $1`, `occurred_at >= ${param(from.toISOString(), 'timestamptz')}`, `occurred_at <= ${param(to.toISOString(), 'timestamptz')}`];
  const having: string[] = [];

  const claimParams = new Map<string, string>();
  const resolve = (value: unknown, path: string): Resolved => {
    const column = object(value, path);
    const name = typeof column.column === 'string' ? column.column : fail(`${path}.column must be a string`);
    const kind = name in COLUMNS ? COLUMNS[name] : fail(`${path}.column must be one of the following values: ${Object.keys(COLUMNS).join(', ')}`);
    if (kind === 'datetime') {
      allowOnly(column, ['column', 'interval'], path);
      const interval = column.interval === undefined ? 'day' : INTERVALS.includes(column.interval as never) ? (column.interval as string) : fail(`${path}.interval must be one of the following values: ${INTERVALS.join(', ')}`);
      return {
        wire: { column: name },
        key: `datetime:${interval}`,
        dimension: { kind: 'dimension', sql: `date_trunc('${interval}', occurred_at, 'UTC')`, array: 'text[]', fromRow: (v) => (v as Date).toISOString() },
      };
    }
    if (kind === 'claim') {
      allowOnly(column, ['column', 'claim'], path);
      const claim = typeof column.claim === 'string' && column.claim !== '' && column.claim.length <= 128 ? column.claim : fail(`${path}.claim must be a claim's name`);
      let placeholder = claimParams.get(claim);
      if (!placeholder) claimParams.set(claim, (placeholder = param(claim, 'text')));
      return { wire: { column: name, claim }, key: `claim:${claim}`, dimension: { kind: 'dimension', sql: `(claims->>${placeholder})`, array: 'text[]' } };
    }
    if (kind === null) return fail(`${path}.column ${name} is not available: group by a claim with visitorClaim`);
    if (kind === 'results') {
      if (!path.startsWith('where[')) fail(`${path}.column eventSearchResultsCount filters searches (in where) and is no column of the answer`);
      return { wire: { column: name }, key: 'results', dimension: { kind: 'dimension', sql: 'search_results', array: 'text[]' } };
    }
    allowOnly(column, name === 'visitorGeoPoint' ? ['column', 'precision'] : ['column'], path);
    return kind.kind === 'dimension' ? { wire: { column: name }, key: name, dimension: kind } : { wire: { column: name }, key: name, aggregate: kind };
  };

  // Where.
  const filters = query.where === undefined ? [] : Array.isArray(query.where) ? query.where : fail('where must be an array');
  filters.forEach((value: unknown, index: number) => {
    const path = `where[${index}]`;
    const filter = object(value, path);
    const column = resolve({ column: filter.column, ...(filter.claim !== undefined ? { claim: filter.claim } : {}) }, path);
    allowOnly(filter, ['column', 'values', 'operator', ...(filter.column === 'visitorClaim' ? ['claim'] : [])], path);
    const operator = filter.operator === undefined ? 'in' : OPERATORS.includes(filter.operator as never) ? (filter.operator as string) : fail(`${path}.operator must be one of the following values: ${OPERATORS.join(', ')}`);
    const list = Array.isArray(filter.values) ? filter.values : fail(`${path}.values must be an array`);
    if (list.length > 1000) fail(`${path}.values must contain at most 1000 values`);
    if (operator === 'in' || operator === 'notIn') {
      const dimension = column.dimension ?? fail(`${path}: ${column.wire.column} is a count; compare it with greaterThan, lessThan...`);
      if (column.key.startsWith('datetime')) fail(`${path}: compare datetime with greaterThan, lessThan...`);
      const toParam = dimension.toParam ?? ((v: unknown, p: string) => (v === null ? null : typeof v === 'string' || typeof v === 'number' ? String(v) : fail(`${p} must be a string or null`)));
      const params = list.map((v: unknown, i: number) => toParam(v, `${path}.values[${i}]`));
      const nonNull = params.filter((v) => v !== null);
      const hasNull = nonNull.length < params.length;
      const sql = dimension.array === 'jsonb[]' ? `(${dimension.sql}) = ANY(${param(nonNull, 'jsonb[]')})` : `(${dimension.sql})::text = ANY(${param(nonNull, 'text[]')})`;
      const matches = hasNull ? `(${sql} OR (${dimension.sql}) IS NULL)` : `coalesce(${sql}, false)`;
      conditions.push(operator === 'in' ? matches : `NOT ${matches}`);
      return;
    }
    if (list.length !== 1) fail(`${path}.values must hold one value with ${operator}`);
    if (column.key === 'results') {
      if (!Number.isInteger(list[0])) fail(`${path}.values[0] must be an integer`);
      conditions.push(`search_results ${COMPARISON[operator]} ${param(list[0], 'integer')}`);
    } else if (column.key.startsWith('datetime')) {
      conditions.push(`occurred_at ${COMPARISON[operator]} ${param(timestamp(list[0], `${path}.values[0]`).toISOString(), 'timestamptz')}`);
    } else if (column.aggregate && column.aggregate.raw.length === 1) {
      if (typeof list[0] !== 'number' || !Number.isFinite(list[0])) fail(`${path}.values[0] must be a number`);
      having.push(`${column.key} ${COMPARISON[operator]} ${param(list[0], 'numeric')}`);
    } else {
      fail(`${path}: ${operator} compares datetime or a count (eventsCount, visitorsCount, sessionsCount)`);
    }
  });

  // Groups and selected columns.
  const list = (value: unknown, path: string) => (value === undefined ? [] : Array.isArray(value) ? value.map((v, i) => resolve(v, `${path}[${i}]`)) : fail(`${path} must be an array`));
  const groupBy = list(query.groupBy, 'groupBy');
  for (const [index, column] of groupBy.entries()) if (column.aggregate) fail(`groupBy[${index}]: ${column.wire.column} is a count, not a group`);
  const select = query.select === undefined ? [...groupBy, resolve({ column: 'eventsCount' }, 'select')] : list(query.select, 'select');
  if (select.length === 0) fail('select must name at least one column');
  const dimensions = new Map<string, Resolved>();
  for (const column of [...groupBy, ...select]) if (column.dimension) dimensions.set(column.key, column);
  const aggregates = new Map<string, Resolved>();
  for (const column of select) if (column.aggregate) aggregates.set(column.key, column);
  for (const key of ['eventsCount', 'visitorsCount', 'sessionsCount']) {
    if (having.some((h) => h.startsWith(`${key} `)) && !aggregates.has(key)) aggregates.set(key, resolve({ column: key }, 'where'));
  }

  // Order and limit.
  let orderSql = '';
  if (query.order !== undefined) {
    const order = object(query.order, 'order');
    allowOnly(order, ['by', 'direction'], 'order');
    const by = resolve(order.by, 'order.by');
    const direction = order.direction === 'asc' || order.direction === 'desc' ? order.direction : fail('order.direction must be one of the following values: asc, desc');
    if (!dimensions.has(by.key) && !aggregates.has(by.key)) fail('order.by must be a selected or grouped column');
    if (by.aggregate && by.aggregate.raw.length > 1) fail(`order.by: ${by.wire.column} is not a single number`);
    orderSql = `${alias(by.key)} ${direction.toUpperCase()} NULLS LAST`;
  }
  const limit = query.limit === undefined ? 1000 : Number.isInteger(query.limit) && (query.limit as number) >= 1 && (query.limit as number) <= 1000 ? (query.limit as number) : fail('limit must be an integer from 1 to 1000');

  const dims = [...dimensions.values()];
  const aggs = [...aggregates.values()];
  const dimSelect = dims.map((d) => `${d.dimension!.sql} AS ${alias(d.key)}`);
  const partSelect = (which: 'raw' | 'rolled') => aggs.flatMap((a) => a.aggregate![which].map((sql, i) => `${sql} AS ${alias(a.key)}_${i}`));
  const groupSql = dims.length ? `GROUP BY ${dims.map((_, i) => i + 1).join(', ')}` : '';
  const whereSql = conditions.join(' AND ');
  const part = (table: string, which: 'raw' | 'rolled') => `SELECT ${[...dimSelect, ...partSelect(which)].join(', ') || '1'} FROM ${table} WHERE ${whereSql} ${groupSql}`;
  const outer = [
    ...dims.map((d) => alias(d.key)),
    ...aggs.map((a) => (a.aggregate!.raw.length === 1 ? `sum(${alias(a.key)}_0)::float8 AS ${alias(a.key)}` : a.aggregate!.raw.map((_, i) => `sum(${alias(a.key)}_${i})::float8 AS ${alias(a.key)}_${i}`).join(', '))),
  ];
  const text = `SELECT ${outer.join(', ') || '1'} FROM (${part('site_insight_events', 'raw')} UNION ALL ${part('site_insight_rollups', 'rolled')}) AS parts
    ${dims.length ? `GROUP BY ${dims.map((d) => alias(d.key)).join(', ')}` : ''}
    ${having.length ? `HAVING ${having.map((h) => h.replace(/^(\w+) /, (_, key: string) => `sum(${alias(key)}_0) `)).join(' AND ')}` : ''}
    ${orderSql ? `ORDER BY ${orderSql}` : dims.length ? `ORDER BY ${dims.map((d) => alias(d.key)).join(', ')}` : ''}
    LIMIT ${limit}`;

  return {
    text,
    values,
    present: (rows) => ({
      columns: select.map((column) => {
        const key = alias(column.key);
        const values = rows.map((row) => {
          if (column.dimension) {
            const value = row[key] ?? null;
            return column.dimension.fromRow && value !== null ? column.dimension.fromRow(value) : value;
          }
          const aggregate = column.aggregate!;
          const numbers = aggregate.raw.length === 1 ? [Number(row[key] ?? 0)] : aggregate.raw.map((_, i) => Number(row[`${key}_${i}`] ?? 0));
          return aggregate.fromRow(numbers);
        });
        return { ...column.wire, values };
      }),
    }),
  };
}

/** A SQL name for a column key (keys come from the catalog above or a claim's parameter number). */
function alias(key: string): string {
  return `c_${key.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase()}_${hash(key)}`;
}

function hash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${path} must be an object`);
  return value as Json;
}

function allowOnly(value: Json, names: string[], path: string): void {
  const extra = Object.keys(value).find((name) => !names.includes(name));
  if (extra !== undefined) fail(`${path}.${extra} should not exist`);
}

function timestamp(value: unknown, path: string): Date {
  const parsed = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : undefined;
  if (!parsed || Number.isNaN(parsed.getTime())) fail(`${path} must be an ISO 8601 date-time`);
  return parsed!;
}
