import type { ContentRef, InsightEventInput } from './site-insights-store';

/** Events one `trackEventsInSiteById` call may carry. */
export const TRACK_EVENTS_MAX = 500;
/** How far from now an event's own `timestamp` may be (the reference: five minutes). */
const TIMESTAMP_SKEW_MS = 5 * 60 * 1000;

export const EVENT_TYPES = [
  'page_view',
  'search_open',
  'search_type_query',
  'search_open_result',
  'page_post_feedback',
  'page_post_feedback_comment',
  'ask_question',
  'ask_view',
  'ask_rate_response',
  'link_click',
  'api_client_open',
  'api_client_request',
  'ad_click',
  'ad_display',
  'trademark_click',
] as const;
const LINK_POSITIONS = ['announcement', 'header', 'footer', 'sidebar', 'content'];
const RATINGS = ['bad', 'ok', 'good'] as const;
const CONTENT_REF_FIELDS: Record<string, { required: string[]; optional: string[] }> = {
  file: { required: ['file'], optional: [] },
  url: { required: ['url'], optional: [] },
  page: { required: ['page'], optional: ['space'] },
  anchor: { required: ['anchor'], optional: ['space', 'page'] },
  user: { required: ['user'], optional: [] },
  collection: { required: ['collection'], optional: [] },
  space: { required: ['space'], optional: [] },
  'reusable-content': { required: ['reusableContent'], optional: ['space'] },
  openapi: { required: ['spec'], optional: [] },
};

/** A problem with the input: the message names the field by its path. */
export class TrackedEventError extends Error {}

type Json = Record<string, unknown>;

/**
 * The body of `trackEventsInSiteById` (the reference's `SiteInsightsEvent`s), checked field by
 * field, as the rows the store writes. `siteId` is the path's; `now` bounds each `timestamp`;
 * `keepClaims` says whether visitor claims may be stored (not on a public site).
 */
export function parseTrackedEvents(body: unknown, siteId: string, now: Date, keepClaims: boolean): InsightEventInput[] {
  const root = object(body, 'body');
  allowOnly(root, ['events'], 'body');
  const events = root.events;
  if (!Array.isArray(events)) throw new TrackedEventError('events must be an array');
  if (events.length > TRACK_EVENTS_MAX) throw new TrackedEventError(`events must contain at most ${TRACK_EVENTS_MAX} events`);
  return events.map((event, index) => parseEvent(event, `events[${index}]`, siteId, now, keepClaims));
}

function parseEvent(value: unknown, path: string, siteId: string, now: Date, keepClaims: boolean): InsightEventInput {
  const event = object(value, path);
  const type = oneOf(event.type, EVENT_TYPES, `${path}.type`);
  const specific: Record<string, string[]> = {
    search_type_query: ['query'],
    search_open_result: ['query', 'result'],
    page_post_feedback: ['feedback'],
    page_post_feedback_comment: ['feedback'],
    ask_question: ['query'],
    ask_rate_response: ['query', 'rating', 'responseId'],
    link_click: ['link'],
    api_client_open: ['operation'],
    api_client_request: ['operation'],
    trademark_click: ['placement'],
    ad_click: ['ad'],
    ad_display: ['ad'],
  };
  allowOnly(event, ['type', 'session', 'location', 'timestamp', ...(specific[type] ?? [])], path);
  const session = object(event.session, `${path}.session`);
  allowOnly(session, ['visitorId', 'sessionId', 'cookies', 'ip', 'userAgent', 'language', 'referrer', 'visitorAuthToken', 'visitorAuthClaims'], `${path}.session`);
  const visitorId = text(session.visitorId, `${path}.session.visitorId`, 256);
  const sessionId = text(session.sessionId, `${path}.session.sessionId`, 256);
  const cookies = object(session.cookies, `${path}.session.cookies`);
  for (const [name, cookie] of Object.entries(cookies)) text(cookie, `${path}.session.cookies.${name}`, 4096, true);
  if (session.ip !== undefined) text(session.ip, `${path}.session.ip`, 64);
  const userAgent = text(session.userAgent, `${path}.session.userAgent`, 1024, true);
  const language = nullableText(session.language, `${path}.session.language`, 64, true);
  if (!('referrer' in session)) throw new TrackedEventError(`${path}.session.referrer is required`);
  const referrer = session.referrer === null || session.referrer === '' ? '' : url(session.referrer, `${path}.session.referrer`);
  if (session.visitorAuthToken !== undefined && session.visitorAuthToken !== null) text(session.visitorAuthToken, `${path}.session.visitorAuthToken`, 8192);
  const claims = session.visitorAuthClaims === undefined ? undefined : object(session.visitorAuthClaims, `${path}.session.visitorAuthClaims`);

  const location = object(event.location, `${path}.location`);
  allowOnly(location, ['url', 'displayContext', 'siteSection', 'siteSpace', 'siteShareKey', 'space', 'revision', 'page'], `${path}.location`);
  const ids = ['siteSection', 'siteSpace', 'siteShareKey', 'page', 'space', 'revision'] as const;
  const located = Object.fromEntries(
    ids.map((name) => {
      if (!(name in location)) throw new TrackedEventError(`${path}.location.${name} is required (null when none)`);
      return [name, nullableText(location[name], `${path}.location.${name}`, 128)];
    }),
  ) as Record<(typeof ids)[number], string | null>;
  const displayContext = location.displayContext === undefined ? 'site' : oneOf(location.displayContext, ['site', 'embed'] as const, `${path}.location.displayContext`);

  let occurredAt = now;
  if (event.timestamp !== undefined) {
    const stamp = text(event.timestamp, `${path}.timestamp`, 64);
    const parsed = new Date(stamp);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(stamp) || Number.isNaN(parsed.getTime())) throw new TrackedEventError(`${path}.timestamp must be an ISO 8601 date-time`);
    if (Math.abs(parsed.getTime() - now.getTime()) > TIMESTAMP_SKEW_MS) throw new TrackedEventError(`${path}.timestamp must be within 5 minutes of the current time`);
    occurredAt = parsed;
  }

  const input: InsightEventInput = {
    siteId,
    occurredAt,
    type,
    url: url(location.url, `${path}.location.url`),
    displayContext,
    siteSectionId: located.siteSection,
    siteSpaceId: located.siteSpace,
    siteShareKeyId: located.siteShareKey,
    spaceId: located.space,
    revisionId: located.revision,
    pageId: located.page,
    referrer,
    language,
    userAgent,
    visitor: visitorId,
    session: `${visitorId}\n${sessionId}`,
    claims: keepClaims && claims ? claims : null,
  };
  switch (type) {
    case 'search_type_query':
    case 'ask_question':
      input.searchQuery = text(event.query, `${path}.query`, 512, true);
      break;
    case 'search_open_result': {
      input.searchQuery = text(event.query, `${path}.query`, 512, true);
      const result = object(event.result, `${path}.result`);
      allowOnly(result, ['spaceId', 'pageId'], `${path}.result`);
      input.details = { result: { spaceId: text(result.spaceId, `${path}.result.spaceId`, 128), pageId: text(result.pageId, `${path}.result.pageId`, 128) } };
      break;
    }
    case 'page_post_feedback':
    case 'page_post_feedback_comment': {
      const feedback = object(event.feedback, `${path}.feedback`);
      const withComment = type === 'page_post_feedback_comment';
      allowOnly(feedback, withComment ? ['rating', 'comment'] : ['rating'], `${path}.feedback`);
      input.feedbackRating = oneOf(feedback.rating, RATINGS, `${path}.feedback.rating`);
      if (withComment) {
        const comment = text(feedback.comment, `${path}.feedback.comment`, 512);
        if (comment.trim() === '') throw new TrackedEventError(`${path}.feedback.comment must not be empty`);
        input.feedbackComment = comment;
      }
      break;
    }
    case 'ask_rate_response': {
      input.searchQuery = text(event.query, `${path}.query`, 512, true);
      if (event.rating !== 1 && event.rating !== -1) throw new TrackedEventError(`${path}.rating must be 1 or -1`);
      input.details = { askRating: event.rating, responseId: text(event.responseId, `${path}.responseId`, 128) };
      break;
    }
    case 'link_click': {
      const link = object(event.link, `${path}.link`);
      allowOnly(link, ['target', 'position'], `${path}.link`);
      input.linkTarget = contentRef(link.target, `${path}.link.target`);
      input.linkPosition = oneOf(link.position, LINK_POSITIONS, `${path}.link.position`);
      break;
    }
    case 'api_client_open':
    case 'api_client_request': {
      const operation = object(event.operation, `${path}.operation`);
      allowOnly(operation, ['path', 'method'], `${path}.operation`);
      input.details = { operationPath: text(operation.path, `${path}.operation.path`, 2048), operationMethod: text(operation.method, `${path}.operation.method`, 16).toLowerCase() };
      break;
    }
    case 'trademark_click':
      input.details = { trademarkPlacement: oneOf(event.placement, ['sidebar', 'ad', 'footer', 'pdf'], `${path}.placement`) };
      break;
    case 'ad_click':
    case 'ad_display': {
      const ad = object(event.ad, `${path}.ad`);
      allowOnly(ad, ['domain', 'zoneId', 'placement'], `${path}.ad`);
      input.details = { adDomain: text(ad.domain, `${path}.ad.domain`, 256), adZoneId: text(ad.zoneId, `${path}.ad.zoneId`, 128), adPlacement: oneOf(ad.placement, ['aside'], `${path}.ad.placement`) };
      break;
    }
  }
  return input;
}

/** The reference's ContentRef: its kind and that kind's fields, strings all. */
export function contentRef(value: unknown, path: string): ContentRef {
  const ref = object(value, path);
  const kind = oneOf(ref.kind, Object.keys(CONTENT_REF_FIELDS), `${path}.kind`);
  const { required, optional } = CONTENT_REF_FIELDS[kind];
  allowOnly(ref, ['kind', ...required, ...optional], path);
  const out: ContentRef = { kind };
  for (const name of required) out[name] = text(ref[name], `${path}.${name}`, 2048);
  for (const name of optional) if (ref[name] !== undefined) out[name] = text(ref[name], `${path}.${name}`, 2048);
  return out;
}

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TrackedEventError(`${path} must be an object`);
  return value as Json;
}

function allowOnly(value: Json, names: string[], path: string): void {
  const extra = Object.keys(value).find((name) => !names.includes(name));
  if (extra !== undefined) throw new TrackedEventError(`${path}.${extra} should not exist`);
}

function text(value: unknown, path: string, max: number, emptyAllowed = false): string {
  if (typeof value !== 'string') throw new TrackedEventError(`${path} must be a string`);
  if (!emptyAllowed && value === '') throw new TrackedEventError(`${path} must not be empty`);
  if (value.length > max) throw new TrackedEventError(`${path} must be shorter than or equal to ${max} characters`);
  return value;
}

function nullableText(value: unknown, path: string, max: number, emptyAllowed = false): string | null {
  return value === null ? null : text(value, path, max, emptyAllowed);
}

function oneOf<T extends string>(value: unknown, values: readonly T[], path: string): T {
  if (typeof value !== 'string' || !values.includes(value as T)) throw new TrackedEventError(`${path} must be one of the following values: ${values.join(', ')}`);
  return value as T;
}

function url(value: unknown, path: string): string {
  const raw = text(value, path, 2048);
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
  } catch {
    throw new TrackedEventError(`${path} must be an http(s) URL`);
  }
  return raw;
}
