import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, AppConfig, DatabaseNotifications } from '@docs/platform';
import { OPENAPI_SPECS_CHANGED_CHANNEL, PublishedSpecs } from '@docs/openapi-hosting';
import type { OpenApiDocument } from '@docs/site-renderer';
import { HostedOpenApiSpec, OpenApiSpecs } from './openapi-specs';

/**
 * Heap kept for dereferenced documents, estimated from their versions' files as fetched
 * (`HEAP_PER_FILE_BYTE` times their bytes). Versions never change, so an entry is never stale;
 * the least recently used go first.
 */
export const SPEC_DOCUMENTS_MAX_BYTES = 64 * 1024 * 1024;

/** Heap of a dereferenced document per byte of its files: 13 measured on a 225 KB JSON spec (docs/performance.md), rounded up. */
const HEAP_PER_FILE_BYTE = 16;

/**
 * The organization's hosted specs (libs/openapi-hosting), by slug: the latest processed version,
 * its files as one dereferenced document. Only the site's own organization is ever asked (the
 * caller passes the site's), and any of its specs, whatever their visibility, may be shown.
 *
 * - `versions()`: one indexed statement for all the slugs of a page, no file read. With
 *   `SITE_FRESHNESS=notify` the answers are kept while this process hears `openapi_specs_changed`
 *   (a new version processed, a spec deleted), as `PublishedSiteDirectory` keeps sites while it
 *   hears `sites_changed`: a warm page with OpenAPI blocks then costs no statement, and any
 *   notification or loss of the connection makes it read again. `strict`: read on every call.
 * - `find()`: the versions, then each version's document from memory (by version id, bounded by
 *   `SPEC_DOCUMENTS_MAX_BYTES`), else its files in one statement, dereferenced once however many
 *   requests ask at the same time. Reading and dereferencing a version costs some 150 ms for a
 *   225 KB spec, against some 45 ms for rendering its page: keeping documents pays.
 */
@Injectable()
export class HostedOpenApiSpecs extends OpenApiSpecs {
  /** Latest version by organization and slug (`null`: none), kept only while notifications are heard. */
  private readonly known = new LRUCache<string, { version: string | null }>({ max: 20_000 });
  private readonly documents = new LRUCache<string, OpenApiDocument>({ maxSize: SPEC_DOCUMENTS_MAX_BYTES });
  private readonly loading = new Map<string, Promise<OpenApiDocument | undefined>>();
  private generation = 0;
  private hearing = false;
  private subscribed = false;

  constructor(
    private readonly published: PublishedSpecs,
    private readonly notifications: DatabaseNotifications,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async versions(organizationId: string, slugs: string[]): Promise<Map<string, string>> {
    const notify = this.config.site.freshness === 'notify';
    if (notify && !this.subscribed) this.listen();
    const out = new Map<string, string>();
    const unknown: string[] = [];
    for (const slug of new Set(slugs)) {
      const known = notify && this.hearing ? this.known.get(key(organizationId, slug)) : undefined;
      if (!known) unknown.push(slug);
      else if (known.version !== null) out.set(slug, known.version);
    }
    if (unknown.length === 0) return out;
    const generation = this.generation;
    const read = await this.published.latestVersions(organizationId, unknown);
    // Kept only if nothing was notified while the statement ran (its answer may predate the change).
    const keep = notify && this.hearing && generation === this.generation;
    for (const slug of unknown) {
      const version = read.get(slug);
      if (version !== undefined) out.set(slug, version);
      if (keep) this.known.set(key(organizationId, slug), { version: version ?? null });
    }
    return out;
  }

  async find(organizationId: string, slugs: string[]): Promise<Map<string, HostedOpenApiSpec>> {
    const versions = await this.versions(organizationId, slugs);
    const out = new Map<string, HostedOpenApiSpec>();
    await Promise.all(
      [...versions].map(async ([slug, version]) => {
        const document = await this.document(version);
        if (document) out.set(slug, { document, version });
      }),
    );
    return out;
  }

  /** A version's dereferenced document (undefined: the version is gone, its spec deleted since). */
  private document(versionId: string): Promise<OpenApiDocument | undefined> {
    const kept = this.documents.get(versionId);
    if (kept) return Promise.resolve(kept);
    let pending = this.loading.get(versionId);
    if (!pending) {
      pending = this.published.versions([versionId]).then((loaded) => {
        const version = loaded.get(versionId);
        if (!version) return undefined;
        // A version larger than the whole bound is served but not kept.
        const size = Math.max(1, version.bytes * HEAP_PER_FILE_BYTE);
        if (size <= SPEC_DOCUMENTS_MAX_BYTES) this.documents.set(versionId, version.document, { size });
        return version.document;
      });
      const forget = () => this.loading.delete(versionId);
      pending.then(forget, forget);
      this.loading.set(versionId, pending);
    }
    return pending;
  }

  /** Listens from the first call on (processes that render no OpenAPI block hold no subscription for it). */
  private listen(): void {
    this.subscribed = true;
    this.notifications.subscribe(OPENAPI_SPECS_CHANGED_CHANNEL, (event) => {
      this.generation++;
      this.known.clear();
      if (event !== 'notification') this.hearing = event === 'connected';
    });
  }
}

function key(organizationId: string, slug: string): string {
  return `${organizationId}\u0000${slug}`;
}
