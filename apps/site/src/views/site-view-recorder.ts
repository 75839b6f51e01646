import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainEvent, EventOutbox, EventVisitor, ROOT_LOGGER } from '@docs/platform';
import { SiteViewSubscribers } from '@docs/webhooks';
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { QueuedWrite } from '../recording/queued-write';

/** Views are written at most this long after they happened (or sooner, FLUSH_SIZE at a time). */
export const SITE_VIEW_FLUSH_MS = 1_000;
const FLUSH_SIZE = 500;
/** Views held while the database does not take them (about 1 KB each); beyond, new views are counted and dropped. */
const MAX_BUFFERED = 20_000;
/** After a failed write, the next try. */
const RETRY_MS = 5_000;
/** Query parameters that are credentials (a share key, a visitor token): never in an event's `url`. */
const SECRET_PARAMS = ['share', 'jwt_token'];

/** A page view as the request handler knows it. */
export interface PageView {
  organizationId: string;
  siteId: string;
  siteSpaceId: string;
  spaceId: string;
  pageId: string | undefined;
  /** The URL the visitor asked for (scheme, host, path, query). */
  url: URL;
}

/**
 * `site_view` events, off the request path: the request handler hands a view over (a few
 * microseconds, no I/O, never awaited) after the page was sent; views are written in batches,
 * one transaction per flush (one statement per organization, EventOutbox), every
 * SITE_VIEW_FLUSH_MS or FLUSH_SIZE views. Every view of a site with a subscriber is recorded, none
 * sampled; a database that does not take them delays them (kept, tried again), and only beyond
 * MAX_BUFFERED held views are new ones dropped, counted and logged. The site server's stop
 * writes what it holds (docs/api-decisions.md, "site_view").
 *
 * The visitor, as the reference's `EventVisitor` asks, without what would be more than an admin
 * may know: no cookies (the site's own are a share key and a visitor token, credentials), an
 * `anonymousId` that is a keyed hash of the site, address and user agent with a key this process
 * draws at random each UTC day (views of one visitor on one day share it; nobody can turn it back
 * into an address, and it changes the next day).
 */
@Injectable()
export class SiteViewRecorder implements BeforeApplicationShutdown {
  private buffer: DomainEvent[] = [];
  private timer?: NodeJS.Timeout;
  private readonly writes = new QueuedWrite(() => this.write());
  private dropped = 0;
  private salt = { day: '', key: Buffer.alloc(0) };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventOutbox,
    private readonly subscribers: SiteViewSubscribers,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /** Hands a view over (nothing when no subscription of the organization may receive it). Never throws, never waits. */
  record(req: IncomingMessage, view: PageView): void {
    if (!this.subscribers.wants(view.organizationId, view.siteId)) return;
    if (this.buffer.length >= MAX_BUFFERED) {
      this.dropped++;
      return;
    }
    const url = new URL(view.url);
    for (const name of SECRET_PARAMS) url.searchParams.delete(name);
    this.buffer.push({
      type: 'site_view',
      organizationId: view.organizationId,
      actor: null,
      payload: {
        siteId: view.siteId,
        siteSpaceId: view.siteSpaceId,
        spaceId: view.spaceId,
        ...(view.pageId ? { pageId: view.pageId } : {}),
        visitor: this.visitor(req, view.siteId),
        url: url.toString(),
        referrer: header(req, 'referer', false) ?? '',
      },
    });
    if (this.buffer.length >= FLUSH_SIZE) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), SITE_VIEW_FLUSH_MS);
  }

  /**
   * A reader's answer to "Was this page helpful?" as a `page_feedback` event: written whether or
   * not anyone subscribes (an answer is a reader's write, and rare; a view is a read, and is not).
   */
  recordFeedback(req: IncomingMessage, feedback: { organizationId: string; siteId: string; spaceId: string; pageId: string; rating: 'bad' | 'ok' | 'good'; comment?: string; url: URL }): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      this.dropped++;
      return;
    }
    const url = new URL(feedback.url);
    for (const name of SECRET_PARAMS) url.searchParams.delete(name);
    this.buffer.push({
      type: 'page_feedback',
      organizationId: feedback.organizationId,
      actor: null,
      payload: {
        siteId: feedback.siteId,
        spaceId: feedback.spaceId,
        pageId: feedback.pageId,
        feedback: { rating: feedback.rating, ...(feedback.comment !== undefined ? { comment: feedback.comment } : {}) },
        visitor: this.visitor(req, feedback.siteId),
        url: url.toString(),
        referrer: header(req, 'referer', false) ?? '',
      },
    });
    this.timer ??= setTimeout(() => void this.flush(), SITE_VIEW_FLUSH_MS);
  }

  /** Writes every view held (after any write under way); tests and the shutdown call it. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.writes.request();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.dropped > 0) {
      this.logger.warn({ dropped: this.dropped, held: this.buffer.length }, 'site views dropped: the database took none for a while');
      this.dropped = 0;
    }
    // What is held now, and only that: views that come during the write wait for their own flush.
    const held = this.buffer;
    this.buffer = [];
    for (let from = 0; from < held.length; from += FLUSH_SIZE) {
      const batch = held.slice(from, from + FLUSH_SIZE);
      try {
        await this.dataSource.transaction((tx) => this.events.emit(tx, batch));
      } catch (error) {
        // Kept, first in line, for the next try.
        this.buffer.unshift(...held.slice(from));
        this.logger.warn({ err: error, held: this.buffer.length }, 'site views not written; trying again');
        this.timer ??= setTimeout(() => void this.flush(), RETRY_MS);
        return;
      }
    }
  }

  private visitor(req: IncomingMessage, siteId: string): EventVisitor {
    const ip = header(req, 'x-forwarded-for') ?? req.socket.remoteAddress ?? '';
    const userAgent = header(req, 'user-agent', false) ?? '';
    const language = header(req, 'accept-language')?.split(';')[0].trim();
    const day = new Date().toISOString().slice(0, 10);
    if (this.salt.day !== day) this.salt = { day, key: randomBytes(32) };
    const anonymousId = createHmac('sha256', this.salt.key).update(`${siteId}\n${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
    return { anonymousId, cookies: {}, userAgent, ip, ...(language ? { language } : {}) };
  }
}

/** A request header's value: its first, or (for lists: X-Forwarded-For, Accept-Language) the first item of it. */
function header(req: IncomingMessage, name: string, firstItem = true): string | undefined {
  const raw = req.headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (firstItem ? value?.split(',')[0] : value)?.trim() || undefined;
}
