import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants } from 'node:zlib';

/** A response the site server keeps: its bytes, compressed form, strong ETag, and what it depends on beyond its key. */
export interface CachedResponse {
  body: Buffer;
  /** Brotli-compressed bytes, when smaller. */
  br?: Buffer;
  /** Strong: a hash of the bytes, so the same page has the same ETag in every server process. */
  etag: string;
  contentType: string;
  /** Versions of the OpenAPI specifications the page was rendered with (checked before it is served again). */
  specs?: Map<string, string>;
}

/** Bodies smaller than this are not compressed (the saving would not pay for the header). */
const COMPRESS_FROM = 1024;

export function cachedResponse(body: string | Buffer, contentType: string, specs?: Map<string, string>): CachedResponse {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const entry: CachedResponse = { body: bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`, contentType };
  if (specs && specs.size > 0) entry.specs = specs;
  if (bytes.length >= COMPRESS_FROM && /^(text\/|application\/(json|xml))/.test(contentType)) {
    // Quality 5: most of brotli's gain at a fraction of its top quality's time.
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    if (br.length < bytes.length) entry.br = br;
  }
  return entry;
}

/**
 * Rendered pages (and the other generated responses) kept in memory, least recently used
 * first out, up to `SITE_CACHE_MB`. Keys hold everything the bytes depend on (the site's stamp,
 * the audience, the mount, the page, the format), so an entry never needs invalidating: a
 * change makes new keys, and the old entries age out. Concurrent renders of the same key share
 * one rendering.
 */
export class RenderCache {
  private readonly entries: LRUCache<string, CachedResponse>;
  private readonly rendering = new Map<string, Promise<CachedResponse>>();

  constructor(maxBytes: number) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry, key) => entry.body.length + (entry.br?.length ?? 0) + key.length * 2 + 200 });
  }

  get(key: string): CachedResponse | undefined {
    return this.entries.get(key);
  }

  /** The entry of `key`, rendered by `render` when absent (once, however many requests ask at the same time). */
  async getOrRender(key: string, render: () => Promise<CachedResponse>): Promise<CachedResponse> {
    const known = this.entries.get(key);
    if (known) return known;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = render().then((entry) => {
        if (entry.body.length <= this.entries.maxSize) this.entries.set(key, entry);
        return entry;
      });
      const forget = () => this.rendering.delete(key);
      pending.then(forget, forget);
      this.rendering.set(key, pending);
    }
    return pending;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.calculatedSize;
  }
}
