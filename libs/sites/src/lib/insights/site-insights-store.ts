import { Injectable } from '@nestjs/common';
import { preparedStatement, SqlPool } from '@docs/platform';
import { SiteInsightSalts } from './site-insight-salts';
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

/** A whole batch in one statement: the rows as one JSON array. */
const INSERT_EVENTS = preparedStatement(
  'site_insights_insert_events',
  `INSERT INTO site_insight_events (${NAMES.join(', ')}) SELECT ${NAMES.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${COLUMNS})`,
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
    const rows = await Promise.all(events.map((event) => this.row(event)));
    await this.sql.rows(INSERT_EVENTS, [JSON.stringify(rows)]);
  }

  private async row(event: InsightEventInput): Promise<Record<string, unknown>> {
    const day = event.occurredAt.toISOString().slice(0, 10);
    const classes = this.classes(event.userAgent);
    const target = event.linkTarget ?? null;
    const visitorId = await this.hash(day, event.siteId, `visitor\n${event.visitor}`);
    return {
      site_id: event.siteId,
      occurred_at: event.occurredAt.toISOString(),
      visitor_id: visitorId,
      // A reader of the site has no session but their day: the same hash, not computed twice.
      session_id: event.session === event.visitor ? visitorId : await this.hash(day, event.siteId, `session\n${event.session}`),
      events: event.count ?? 1,
      type: event.type,
      url: event.url,
      display_context: event.displayContext ?? 'site',
      site_section_id: event.siteSectionId ?? null,
      site_space_id: event.siteSpaceId ?? null,
      site_share_key_id: event.siteShareKeyId ?? null,
      space_id: event.spaceId ?? null,
      revision_id: event.revisionId ?? null,
      page_id: event.pageId ?? null,
      referrer: event.referrer ?? '',
      language: event.language ?? null,
      ...classes,
      claims: event.claims ?? null,
      search_query: event.searchQuery ?? null,
      search_results: event.searchResults ?? null,
      feedback_rating: event.feedbackRating ?? null,
      feedback_comment: event.feedbackComment ?? null,
      link_kind: target?.kind ?? null,
      link_target: target,
      link_domain: target?.kind === 'url' ? domainOf(target.url) : null,
      link_position: event.linkPosition ?? null,
      details: event.details ?? null,
    };
  }

  private async hash(day: string, siteId: string, visitor: string): Promise<string> {
    const key = `${day}\n${siteId}\n${visitor}`;
    return this.hashes.get(key) ?? remember(this.hashes, key, await this.salts.hash(day, siteId, visitor));
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
