import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { Clock, ROOT_LOGGER } from '@docs/platform';
import { InsightEventInput, SiteInsightsStore } from '@docs/sites';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { QueuedWrite } from '../recording/queued-write';

/** Events are written at most this long after they happened (or sooner, FLUSH_SIZE at a time). */
export const INSIGHTS_FLUSH_MS = 1_000;
const FLUSH_SIZE = 500;
/** Events held while the database does not take them; beyond, new ones are counted and dropped. */
const MAX_BUFFERED = 20_000;
const RETRY_MS = 5_000;
/** A search is the query a reader settles on: one typed further within this time replaces it. */
export const SEARCH_SETTLE_MS = 1_500;
/** Query parameters that are credentials: never in an event's URL. */
const SECRET_PARAMS = ['share', 'jwt_token'];

/** What the request handler knows of an event; the visitor is taken from the request. */
export type RecordedEvent = Omit<InsightEventInput, 'occurredAt' | 'userAgent' | 'visitor' | 'session' | 'referrer' | 'language' | 'url'> & { url: URL };

/**
 * The site server's insights (page views, searches, links out, page feedback), off the request
 * path: `record` takes what the request says (a few header reads and a push, no I/O, never
 * awaited); the events are written in batches (SiteInsightsStore: one statement) every
 * INSIGHTS_FLUSH_MS or FLUSH_SIZE events (identical events of one visitor meanwhile are one row
 * with their count), where the visitor, `address + user agent`, becomes a
 * hash under the day's salt. Nothing of the request but those classes and hashes is stored: no
 * cookie is read or set for it. A database that refuses them delays them (kept, tried again);
 * the server's stop writes what it holds.
 */
@Injectable()
export class SiteInsightsRecorder implements BeforeApplicationShutdown {
  /** Events held, by what makes two of them the same event (identical ones of one visitor are counted, not repeated). */
  private buffer = new Map<string, InsightEventInput>();
  private timer?: NodeJS.Timeout;
  private readonly writes = new QueuedWrite(() => this.write());
  private dropped = 0;
  private readonly searches = new Map<string, { key: string; event: InsightEventInput; timer: NodeJS.Timeout }>();

  constructor(
    private readonly store: SiteInsightsStore,
    private readonly clock: Clock,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Hands an event over. Never throws, never waits. An event identical to one held (the same
   * reader reloading a page) costs a key and a lookup: the event itself is built only when new.
   */
  record(req: IncomingMessage, event: RecordedEvent): void {
    const visitor = visitorOf(req);
    const key = keyOf(req, event, visitor);
    const same = this.buffer.get(key);
    if (same) same.count = (same.count ?? 1) + 1;
    else this.hold(key, this.complete(req, event, visitor));
  }

  /**
   * A search of the dialog (which asks as the reader types): held SEARCH_SETTLE_MS, replaced by
   * the same visitor's next search on the site meanwhile, so that "kubernetes" is one search, not ten.
   */
  recordSearch(req: IncomingMessage, event: RecordedEvent): void {
    const visitor = visitorOf(req);
    const key = keyOf(req, event, visitor);
    const complete = this.complete(req, event, visitor);
    const searcher = `${event.siteId}\n${visitor.id}`;
    const held = this.searches.get(searcher);
    if (held) clearTimeout(held.timer);
    const timer = setTimeout(() => {
      this.searches.delete(searcher);
      this.push(key, complete);
    }, SEARCH_SETTLE_MS);
    timer.unref();
    this.searches.set(searcher, { key, event: complete, timer });
  }

  /** Writes every event held, searches still settling included (after any write under way); tests and the shutdown call it. */
  flush(): Promise<void> {
    for (const [key, held] of this.searches) {
      clearTimeout(held.timer);
      this.searches.delete(key);
      this.push(held.key, held.event, false);
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.writes.request();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  /** The event as stored: built field by field (a spread overwriting `url` made V8 copy it slowly: 7 us a call). */
  private complete(req: IncomingMessage, event: RecordedEvent, visitor: Visitor): InsightEventInput {
    let url = event.url;
    if (url.search && SECRET_PARAMS.some((name) => url.searchParams.has(name))) {
      url = new URL(url);
      for (const name of SECRET_PARAMS) url.searchParams.delete(name);
    }
    return {
      type: event.type,
      siteId: event.siteId,
      siteSectionId: event.siteSectionId,
      siteSpaceId: event.siteSpaceId,
      siteShareKeyId: event.siteShareKeyId,
      spaceId: event.spaceId,
      revisionId: event.revisionId,
      pageId: event.pageId,
      claims: event.claims,
      displayContext: event.displayContext,
      searchQuery: event.searchQuery,
      searchResults: event.searchResults,
      feedbackRating: event.feedbackRating,
      feedbackComment: event.feedbackComment,
      linkTarget: event.linkTarget,
      linkPosition: event.linkPosition,
      details: event.details,
      url: url.href,
      occurredAt: this.clock.now(),
      userAgent: visitor.userAgent,
      visitor: visitor.id,
      // No cookie: a visitor's day is their session.
      session: visitor.id,
      referrer: referrerOf(header(req, 'referer', false), url),
      language: header(req, 'accept-language')?.split(';')[0].trim() || null,
    };
  }

  /** Holds an event until the next write, counted with an identical one already held. */
  private push(key: string, event: InsightEventInput, schedule = true): void {
    const same = this.buffer.get(key);
    if (same) same.count = (same.count ?? 1) + (event.count ?? 1);
    else this.hold(key, event, schedule);
  }

  private hold(key: string, event: InsightEventInput, schedule = true): void {
    if (this.buffer.size >= MAX_BUFFERED) {
      this.dropped++;
      return;
    }
    this.buffer.set(key, event);
    if (!schedule) return;
    if (this.buffer.size >= FLUSH_SIZE) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), INSIGHTS_FLUSH_MS);
      this.timer.unref();
    }
  }

  private async write(): Promise<void> {
    if (this.dropped > 0) {
      this.logger.warn({ dropped: this.dropped, held: this.buffer.size }, 'site insights dropped: the database took none for a while');
      this.dropped = 0;
    }
    // What is held now, and only that: events that come during the write wait for their own
    // flush, so a reader reloading a page keeps being one row a second, not one row a write.
    const held = [...this.buffer];
    this.buffer.clear();
    for (let from = 0; from < held.length; from += FLUSH_SIZE) {
      try {
        await this.store.write(held.slice(from, from + FLUSH_SIZE).map(([, event]) => event));
      } catch (error) {
        // Kept for the next try (counted with any identical events that came meanwhile).
        for (const [key, event] of held.slice(from)) this.push(key, event, false);
        this.logger.warn({ err: error, held: this.buffer.size }, 'site insights not written; trying again');
        if (!this.timer) {
          this.timer = setTimeout(() => void this.flush(), RETRY_MS);
          this.timer.unref();
        }
        return;
      }
    }
  }
}

interface Visitor {
  /** What tells one visitor from another: the address and the user agent (hashed when written). */
  id: string;
  userAgent: string;
}

function visitorOf(req: IncomingMessage): Visitor {
  const ip = header(req, 'x-forwarded-for') ?? req.socket.remoteAddress ?? '';
  const userAgent = header(req, 'user-agent', false) ?? '';
  return { id: `${ip}\n${userAgent}`, userAgent };
}

/**
 * What makes two events the same event, from what the request and the handler already have (the
 * raw Referer and Accept-Language: two that store alike are at worst two rows, never one wrong one;
 * a visitor-auth visitor's claims, since two readers behind one address may hold different ones).
 */
function keyOf(req: IncomingMessage, event: RecordedEvent, visitor: Visitor): string {
  return `${event.siteId}\n${visitor.id}\n${event.type}\n${event.url.href}\n${event.pageId}\n${event.siteSpaceId}\n${event.siteShareKeyId}\n${req.headers.referer}\n${req.headers['accept-language']}\n${event.searchQuery}\n${event.searchResults}\n${event.feedbackRating}\n${event.feedbackComment}\n${event.linkTarget ? JSON.stringify(event.linkTarget) : ''}\n${event.linkPosition}\n${event.claims ? JSON.stringify(event.claims) : ''}`;
}

/** The referrer of another site (its origin and path, no query: where readers come from); '' for the site's own pages and none. */
function referrerOf(referrer: string | undefined, url: URL): string {
  if (!referrer) return '';
  try {
    const from = new URL(referrer);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return '';
    if (from.host === url.host) return '';
    return `${from.origin}${from.pathname}`;
  } catch {
    return '';
  }
}

/** A request header's value: its first, or (for lists: X-Forwarded-For, Accept-Language) the first item of it. */
function header(req: IncomingMessage, name: string, firstItem = true): string | undefined {
  const raw = req.headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (firstItem ? value?.split(',')[0] : value)?.trim() || undefined;
}
