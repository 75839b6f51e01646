import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import { SiteInsightSalts, visitorHash } from './site-insight-salts';
import { classifyUserAgent, UserAgentClass } from './user-agent-class';

/** The reference's ContentRef, as a link's target. */
export type ContentRef = { kind: string } & Record<string, string>;

/** An event as recorders know it: the visitor still in clear (hashed here, never stored so). */
export interface InsightEventInput {
  siteId: string;
  occurredAt: Date;
  type: string;
  url: string;
  displayContext?: 'site' | 'embed';
  siteSectionId?: string | null;
  siteSpaceId?: string | null;
  siteShareKeyId?: string | null;
  spaceId?: string | null;
  revisionId?: string | null;
  pageId?: string | null;
  referrer?: string;
  language?: string | null;
  userAgent: string;
  /** What tells one visitor from another (an address and user agent, or a caller's visitor id): hashed under the day's salt. */
  visitor: string;
  /** What tells one session of the visitor from another: hashed alike. */
  session: string;
  /** A visitor-auth visitor's claims (the site owner's own data); never on a public site. */
  claims?: Record<string, unknown> | null;
  searchQuery?: string | null;
  searchResults?: number | null;
  feedbackRating?: 'bad' | 'ok' | 'good' | null;
  feedbackComment?: string | null;
  linkTarget?: ContentRef | null;
  linkPosition?: string | null;
  /** What other event types carry (an API operation, an AI answer's rating, an ad, a trademark placement). */
  details?: Record<string, unknown> | null;
  /** How many identical events this one stands for (default 1). */
  count?: number;
}

/** Every column a row is written with, in the order of INSERT_EVENTS. */
const COLUMNS = `site_id text, occurred_at timestamptz, visitor_id text, session_id text, events integer, type text, url text, display_context text,
  site_section_id text, site_space_id text, site_share_key_id text, space_id text, revision_id text, page_id text, referrer text,
  language text, browser text, device text, os text, bot text, claims jsonb, search_query text, search_results integer,
  feedback_rating text, feedback_comment text, link_kind text, link_target jsonb, link_domain text, link_position text, details jsonb`;
const NAMES = COLUMNS.split(',').map((column) => column.trim().split(' ')[0]);

/**
 * A whole batch in one statement: the rows as one JSON array, read as `json` (parsed once, where
 * `jsonb` would build a binary copy first: a third less of the database's time per row), a field
 * left out for NULL (most of a page view's are).
 */
const INSERT_EVENTS = preparedStatement(
  'site_insights_insert_events',
  `INSERT INTO site_insight_events (${NAMES.join(', ')}) SELECT ${NAMES.join(', ')} FROM json_to_recordset($1::json) AS r(${COLUMNS})`,
);

/** Writes events: the visitor and session hashed with the salt of the event's UTC day, the user agent reduced to its classes. */
@Injectable()
export class SiteInsightsStore {
  constructor(
    private readonly sql: SqlPool,
    private readonly salts: SiteInsightSalts,
  ) {}

  /** Hashes and classes of the last visitors and user agents: a busy reader's events are written in many batches. */
  private readonly hashes = new Map<string, string>();
  private readonly agents = new Map<string, UserAgentClass>();

  async write(events: InsightEventInput[]): Promise<void> {
    if (events.length === 0) return;
    const times = events.map((event) => event.occurredAt.toISOString());
    // The salts of the batch's days, read once (a batch spans one day, two around midnight).
    const salts = new Map<string, Buffer>();
    for (const time of times) {
      const day = time.slice(0, 10);
      if (!salts.has(day)) salts.set(day, await this.salts.saltOf(day));
    }
    const rows = events.map((event, i) => this.row(event, times[i], salts.get(times[i].slice(0, 10))!));
    await this.sql.rows(INSERT_EVENTS, [JSON.stringify(rows)]);
  }

  /** The row of an event; undefined (left out of the JSON) where the column is NULL or takes its default. */
  private row(event: InsightEventInput, time: string, salt: Buffer): Record<string, unknown> {
    const day = time.slice(0, 10);
    const target = event.linkTarget ?? undefined;
    const visitorId = this.hash(salt, day, event.siteId, `visitor\n${event.visitor}`);
    const agent = this.classes(event.userAgent);
    return {
      site_id: event.siteId,
      occurred_at: time,
      visitor_id: visitorId,
      // A reader of the site has no session but their day: the same hash, not computed twice.
      session_id: event.session === event.visitor ? visitorId : this.hash(salt, day, event.siteId, `session\n${event.session}`),
      events: event.count ?? 1,
      type: event.type,
      url: event.url,
      display_context: event.displayContext ?? 'site',
      site_section_id: event.siteSectionId ?? undefined,
      site_space_id: event.siteSpaceId ?? undefined,
      site_share_key_id: event.siteShareKeyId ?? undefined,
      space_id: event.spaceId ?? undefined,
      revision_id: event.revisionId ?? undefined,
      page_id: event.pageId ?? undefined,
      referrer: event.referrer ?? '',
      language: event.language ?? undefined,
      browser: agent.browser,
      device: agent.device,
      os: agent.os,
      bot: agent.bot ?? undefined,
      claims: event.claims ?? undefined,
      search_query: event.searchQuery ?? undefined,
      search_results: event.searchResults ?? undefined,
      feedback_rating: event.feedbackRating ?? undefined,
      feedback_comment: event.feedbackComment ?? undefined,
      link_kind: target?.kind,
      link_target: target,
      link_domain: target?.kind === 'url' ? (domainOf(target.url) ?? undefined) : undefined,
      link_position: event.linkPosition ?? undefined,
      details: event.details ?? undefined,
    };
  }

  private hash(salt: Buffer, day: string, siteId: string, visitor: string): string {
    const key = `${day}\n${siteId}\n${visitor}`;
    return this.hashes.get(key) ?? remember(this.hashes, key, visitorHash(salt, siteId, visitor));
  }

  private classes(userAgent: string): UserAgentClass {
    return this.agents.get(userAgent) ?? remember(this.agents, userAgent, classifyUserAgent(userAgent));
  }
}

/** Remembers at most this many hashes and user agents' classes (least recently added out first). */
const REMEMBERED = 10_000;

function remember<T>(map: Map<string, T>, key: string, value: T): T {
  if (map.size >= REMEMBERED) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** The host of an absolute URL, without `www.`; null for anything else. */
export function domainOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const host = new URL(url).hostname;
    return host ? host.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}
