import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../http/responses';
import type { SiteView } from '../pages/site-pages';
import { SitePages } from '../pages/site-pages';
import type { Variant } from '../routing/site-routes';
import { SiteViewRecorder } from '../views/site-view-recorder';
import { RecordedEvent, SiteInsightsRecorder } from './site-insights-recorder';

/** What a reader may send in one request (a comment is at most 512 characters). */
const MAX_BODY_BYTES = 8 * 1024;
const RATINGS = ['good', 'ok', 'bad'] as const;
const LINK_POSITIONS = ['announcement', 'header', 'footer', 'sidebar', 'content'] as const;

class BadInput extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `POST {site}/~site/insights/feedback` ("Was this page helpful?": `{siteSpace, page, rating,
 * comment?}`) and `POST {site}/~site/insights/link` (a link out followed: `{siteSpace, page?,
 * url, position?}`), sent by the site's script. A site space or page the visitor does not see is
 * a 404, as its pages are; bad input a 400 in the API's error shape. Answers 204 once the event
 * is handed to the recorder (previews accept and record nothing).
 */
@Injectable()
export class InsightsEndpoint {
  constructor(
    private readonly recorder: SiteInsightsRecorder,
    private readonly pages: SitePages,
    private readonly events: SiteViewRecorder,
  ) {}

  /** Where an event happened: the site, the variant's section, site space, space and revision, the page; the claims of a visitor-auth visitor. */
  location(view: SiteView, variant: Variant | undefined, pageId?: string): Omit<RecordedEvent, 'type' | 'url'> {
    const { site } = view.published;
    return {
      siteId: site.id,
      siteSectionId: variant?.section?.id ?? null,
      siteSpaceId: variant?.siteSpace.id ?? null,
      spaceId: variant?.siteSpace.spaceId ?? null,
      revisionId: variant?.siteSpace.space?.revisionId ?? null,
      pageId: pageId ?? null,
      // The site owner's own claims about their visitors; a public site's visitors have none worth keeping.
      claims: site.visibility === 'visitor-auth' ? withoutTokenTimes(view.audience.claims) : null,
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse, view: SiteView, kind: string, origin: string | undefined): Promise<void> {
    try {
      if (kind !== 'feedback' && kind !== 'link') throw new BadInput(404, 'No such endpoint.');
      const body = await readJson(req);
      const siteSpace = text(body.siteSpace, 'siteSpace', 128);
      const variant = view.links.variants.find((v) => v.siteSpace.id === siteSpace);
      if (!variant) throw new BadInput(404, 'This site has no such site space.');
      const { index } = await this.pages.target(variant);
      const pageOf = (id: string) => {
        const page = index.byId.get(id);
        if (!page || page.type !== 'document') throw new BadInput(404, 'This site space has no such page.');
        return page;
      };
      if (kind === 'feedback') {
        allowOnly(body, ['siteSpace', 'page', 'rating', 'comment']);
        const page = pageOf(text(body.page, 'page', 128));
        const rating = oneOf(body.rating, RATINGS, 'rating');
        const comment = body.comment === undefined ? undefined : text(body.comment, 'comment', 512);
        if (comment !== undefined && comment.trim() === '') throw new BadInput(400, 'comment must not be empty');
        if (origin) {
          const url = new URL(`${origin}${view.links.pageUrl(variant, page.path ?? '', page === index.first)}`);
          this.recorder.record(req, {
            type: comment === undefined ? 'page_post_feedback' : 'page_post_feedback_comment',
            ...this.location(view, variant, page.pageId),
            url,
            feedbackRating: rating,
            feedbackComment: comment ?? null,
          });
          // And for webhooks and integrations: the reference's page_feedback event.
          const { site } = view.published;
          this.events.recordFeedback(req, { organizationId: site.organizationId, siteId: site.id, spaceId: variant.siteSpace.spaceId, pageId: page.pageId, rating, ...(comment !== undefined ? { comment } : {}), url });
        }
      } else {
        allowOnly(body, ['siteSpace', 'page', 'url', 'position']);
        const page = body.page === undefined ? undefined : pageOf(text(body.page, 'page', 128));
        const target = text(body.url, 'url', 2048);
        if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) throw new BadInput(400, 'url must be an absolute http(s) URL');
        const position = body.position === undefined ? 'content' : oneOf(body.position, LINK_POSITIONS, 'position');
        if (origin) {
          const url = new URL(`${origin}${page ? view.links.pageUrl(variant, page.path ?? '', page === index.first) : variant.url || '/'}`);
          this.recorder.record(req, { type: 'link_click', ...this.location(view, variant, page?.pageId), url, linkTarget: { kind: 'url', url: target }, linkPosition: position });
        }
      }
      send(req, res, 204, { 'Cache-Control': 'no-store' }, '');
    } catch (error) {
      if (!(error instanceof BadInput)) throw error;
      send(req, res, error.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }, JSON.stringify({ error: { code: error.status, message: error.message } }));
    }
  }
}

/** The token's own times are not about the visitor. */
function withoutTokenTimes(claims: Record<string, unknown>): Record<string, unknown> {
  const { iat: _iat, exp: _exp, nbf: _nbf, unsigned, ...rest } = claims;
  const extra = unsigned && typeof unsigned === 'object' && Object.keys(unsigned).length > 0 ? { unsigned } : {};
  return { ...rest, ...extra };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = String(req.headers['content-type'] ?? '');
  // sendBeacon sends text/plain (no preflight); both carry JSON.
  if (!/^(application\/json|text\/plain)\b/i.test(type)) throw new BadInput(415, 'Send JSON (Content-Type: application/json).');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BadInput(413, `The body must be at most ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk as Buffer);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadInput(400, 'The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BadInput(400, 'The body must be a JSON object.');
  return value as Record<string, unknown>;
}

function allowOnly(body: Record<string, unknown>, names: string[]): void {
  const extra = Object.keys(body).find((name) => !names.includes(name));
  if (extra !== undefined) throw new BadInput(400, `property ${extra} should not exist`);
}

function text(value: unknown, name: string, max: number): string {
  if (typeof value !== 'string' || value === '') throw new BadInput(400, `${name} must be a non-empty string`);
  if (value.length > max) throw new BadInput(400, `${name} must be shorter than or equal to ${max} characters`);
  return value;
}

function oneOf<T extends string>(value: unknown, values: readonly T[], name: string): T {
  if (typeof value !== 'string' || !values.includes(value as T)) throw new BadInput(400, `${name} must be one of the following values: ${values.join(', ')}`);
  return value as T;
}
