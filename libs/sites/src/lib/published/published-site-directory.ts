import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, DatabaseNotifications, EncryptionKeys, preparedStatement, PreparedStatement, SqlPool } from '@docs/platform';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { SHARE_LINK_KEY_PURPOSE } from '../share-links/share-links.service';
import { siteColumns, siteFromRow } from '../sites/site-rows';
import type { SiteEntity } from '../sites/site.entity';
import { arrangeStructure, SiteStructure } from '../structure/site-structure';
import { groupFromJson, publishedSiteSpaceFromJson, publishedSiteSpacesJson, sectionFromJson, structureJson } from '../structure/structure-rows';

/**
 * A published site as the site server shows it: the site, its whole structure for the audience
 * (every site space of a live space, before conditions), and `stamp`, which changes whenever
 * anything its pages show changes (the site's settings, its structure, a space's title or
 * revision): rendered pages are kept under it, so none survives a change.
 */
export interface PublishedSite {
  site: SiteEntity;
  structure: SiteStructure;
  stamp: string;
}

export interface PublishedSiteLookup {
  published: PublishedSite;
  /** Whether the share key given with the lookup is the key of an active share link of this site. */
  shareKeyValid: boolean;
}

const STRUCTURE = structureJson('st.id');

/**
 * The state of the site of the row `st` as one text (compared as is: a site whose text did not
 * change is not parsed again), and whether `shareKey` (a key HMAC, or null) opens it.
 */
const stateColumns = (shareKey: string) => `
  json_build_array(json_build_object(${siteColumns('st')
    .split(', ')
    .map((column) => `'${column.slice(3)}', ${column}`)
    .join(', ')}), ${STRUCTURE.groups}, ${STRUCTURE.sections}, ${publishedSiteSpacesJson('st.id')})::text AS state,
  EXISTS (SELECT 1 FROM site_share_links l WHERE l.key_hmac = ${shareKey} AND l.active AND l.site_id = st.id) AS share_key_valid`;

/** A published site at its custom hostname. `$1` hostname, `$2` share key HMAC. */
const BY_HOSTNAME = preparedStatement('sites_published_by_hostname', `SELECT ${stateColumns('$2')} FROM sites st WHERE st.hostname = $1 AND st.published`);

/** A published site of an organization by basename, else by id. `$1` organization, `$2` basename or id, `$3` share key HMAC. */
const BY_PATH = preparedStatement(
  'sites_published_by_path',
  `SELECT ${stateColumns('$3')} FROM sites st
    WHERE st.organization_id = $1 AND (st.basename = $2 OR st.id = $2) AND st.published
    ORDER BY (st.basename IS NOT DISTINCT FROM $2) DESC LIMIT 1`,
);

/** A published site of the organization of a subdomain, by basename, else by id. `$1` subdomain, `$2` basename or id, `$3` share key HMAC. */
const BY_SUBDOMAIN = preparedStatement(
  'sites_published_by_subdomain',
  `SELECT ${stateColumns('$3')} FROM sites st JOIN organizations o ON o.id = st.organization_id
    WHERE o.subdomain = $1 AND (st.basename = $2 OR st.id = $2) AND st.published
    ORDER BY (st.basename IS NOT DISTINCT FROM $2) DESC LIMIT 1`,
);

/** The published site proxied at the longest of these origins (`host/path`). `$1` origins, `$2` share key HMAC. */
const BY_PROXY = preparedStatement(
  'sites_published_by_proxy',
  `SELECT ${stateColumns('$2')} FROM sites st
    WHERE st.proxy_origin = ANY($1::text[]) AND st.published
    ORDER BY length(st.proxy_origin) DESC, st.created_at, st.id LIMIT 1`,
);

/** A site by id, published or not: what a preview shows (its grant was checked). `$1` site, `$2` share key HMAC (unused: null). */
const BY_ID = preparedStatement('sites_by_id_for_preview', `SELECT ${stateColumns('$2')} FROM sites st WHERE st.id = $1`);

const TIMESTAMPS = ['created_at', 'updated_at', 'adaptive_schema_updated_at'];

type StateRow = { state: string; share_key_valid: boolean } | undefined;

/** Lookups waiting for one statement: those that arrived since the last one started. */
interface Batch {
  promise: Promise<StateRow>;
  resolve: (row: StateRow) => void;
  reject: (error: unknown) => void;
}

/** The lookups of one site (same statement, values and share key): statements running, and the batch waiting to start. */
interface Lane {
  running: number;
  waiting?: Batch;
}

/**
 * Statements of one site running at once at most: beyond, lookups wait together for the next one.
 * Two rather than one: a lookup arriving while one runs often starts at once instead of waiting
 * for it (lower latency when the database is slow to answer), for one statement more per round trip.
 */
export const MAX_RUNNING_PER_SITE = 2;

/** The channel every change of what a published site shows notifies (migration 1795370000000). */
export const SITES_CHANGED_CHANNEL = 'sites_changed';

/**
 * Finds published sites for the site server, in one prepared statement: by custom hostname, by
 * organization and basename (or id) under `PUBLISHED_URL` or its organization's subdomain, or by
 * proxy origin. Unpublished sites
 * are not found, except by `forPreview` (by id, for a preview whose grant was checked). The
 * parsing of a site's state is kept while its text stays the same.
 *
 * Freshness (`SITE_FRESHNESS`). `notify` (the default): answers are kept while this process hears
 * PostgreSQL's `sites_changed` notifications, which every statement changing a site, its
 * structure, its share links or a space sends as it commits; any notification, and any loss of
 * the notification connection, forgets them all (and while it is down nothing is kept). A lookup
 * whose statement was running when a notification arrived is not kept either. So a publish, an
 * edit or a structure change shows on the next request as soon as its notification has reached
 * this process (on one machine, well under a millisecond after the commit). `strict`: every lookup
 * reads the database after its request arrived.
 *
 * Concurrent lookups of the same site share statements without ever using one that may have run
 * before they asked: while `MAX_RUNNING_PER_SITE` statements of the site run, lookups wait
 * together for the next one, which starts when one ends (after all of them arrived) and answers
 * them all. Under load a site costs the database a couple of statements per round trip, however
 * many requests ask.
 */
@Injectable()
export class PublishedSiteDirectory {
  private readonly parsed = new LRUCache<string, { text: string; published: PublishedSite }>({ max: 5_000 });
  private readonly lanes = new Map<string, Lane>();
  /** Lookups answered while notifications were heard, by statement and parameters (`null`: no such site). */
  private readonly known = new LRUCache<string, { lookup: PublishedSiteLookup | null }>({ max: 20_000 });
  /** Bumped by every notification and connection change: a lookup started under another generation is not kept. */
  private generation = 0;
  private hearing = false;
  private subscribed = false;

  constructor(
    private readonly sql: SqlPool,
    private readonly keys: EncryptionKeys,
    private readonly notifications: DatabaseNotifications,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Listens from the first lookup on (processes that serve no site hold no connection for it). */
  private listen(): void {
    this.subscribed = true;
    this.notifications.subscribe(SITES_CHANGED_CHANNEL, (event) => {
      this.generation++;
      this.known.clear();
      if (event !== 'notification') this.hearing = event === 'connected';
    });
  }

  /** `fresh`: read the database whatever this process remembers (the API's read-after-write). */
  byHostname(hostname: string, shareKey?: string, fresh = false): Promise<PublishedSiteLookup | undefined> {
    return this.find(BY_HOSTNAME, [hostname.toLowerCase()], shareKey, fresh);
  }

  byPath(organizationId: string, basenameOrId: string, shareKey?: string, fresh = false): Promise<PublishedSiteLookup | undefined> {
    return this.find(BY_PATH, [organizationId, basenameOrId], shareKey, fresh);
  }

  bySubdomain(subdomain: string, basenameOrId: string, shareKey?: string, fresh = false): Promise<PublishedSiteLookup | undefined> {
    return this.find(BY_SUBDOMAIN, [subdomain, basenameOrId], shareKey, fresh);
  }

  /** `origins`: the candidate `host/path` prefixes of the request, any order. */
  byProxy(origins: string[], shareKey?: string, fresh = false): Promise<PublishedSiteLookup | undefined> {
    return origins.length === 0 ? Promise.resolve(undefined) : this.find(BY_PROXY, [origins], shareKey, fresh);
  }

  /** A site by id whether published or not, for previews (the caller checked the preview's grant). */
  forPreview(siteId: string): Promise<PublishedSiteLookup | undefined> {
    return this.find(BY_ID, [siteId], undefined);
  }

  private async find(statement: PreparedStatement, values: unknown[], shareKey: string | undefined, fresh = false): Promise<PublishedSiteLookup | undefined> {
    const notify = this.config.site.freshness === 'notify' && !fresh;
    if (notify && !this.subscribed) this.listen();
    const keyHmac = shareKey ? this.keys.hmac(SHARE_LINK_KEY_PURPOSE, shareKey) : null;
    const parameters = [...values, keyHmac];
    const key = `${statement.name}\u0000${JSON.stringify(parameters)}`;
    if (notify && this.hearing) {
      const known = this.known.get(key);
      if (known) return known.lookup ?? undefined;
    }
    const generation = this.generation;
    const row = await this.shared(key, () => this.sql.first<NonNullable<StateRow>>(statement, parameters));
    const lookup = row ? { published: this.parse(row.state), shareKeyValid: row.share_key_valid } : undefined;
    // Kept only if nothing was notified while its statement ran (it may predate the change).
    if (notify && this.hearing && generation === this.generation) this.known.set(key, { lookup: lookup ?? null });
    return lookup;
  }

  /** `read()` started after this call: at once when fewer than the maximum run, else with the batch waiting for one to end. */
  private shared(key: string, read: () => Promise<StateRow>): Promise<StateRow> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0 };
      this.lanes.set(key, lane);
    }
    if (lane.running < MAX_RUNNING_PER_SITE && !lane.waiting) return this.run(key, lane, read);
    if (!lane.waiting) {
      let resolve!: (row: StateRow) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<StateRow>((ok, fail) => ((resolve = ok), (reject = fail)));
      lane.waiting = { promise, resolve, reject };
    }
    return lane.waiting.promise;
  }

  private run(key: string, lane: Lane, read: () => Promise<StateRow>): Promise<StateRow> {
    lane.running++;
    const running = read();
    const done = () => {
      lane.running--;
      const batch = lane.waiting;
      if (batch) {
        // Those who waited: a statement of their own, started now (after every one of them asked).
        lane.waiting = undefined;
        this.run(key, lane, read).then(batch.resolve, batch.reject);
      } else if (lane.running === 0) this.lanes.delete(key);
    };
    running.then(done, done);
    return running;
  }

  private parse(text: string): PublishedSite {
    // The site id opens the text: `[{"id" : "<id>", ...`.
    const id = /"id"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? '';
    const known = this.parsed.get(id);
    if (known && known.text === text) return known.published;
    const [siteRow, groups, sections, siteSpaces] = JSON.parse(text) as [Record<string, any>, unknown[][], unknown[][], unknown[][]];
    for (const column of TIMESTAMPS) if (typeof siteRow[column] === 'string') siteRow[column] = new Date(siteRow[column]);
    const site = siteFromRow(siteRow);
    const published: PublishedSite = {
      site,
      structure: arrangeStructure(site, groups.map(groupFromJson), sections.map(sectionFromJson), siteSpaces.map(publishedSiteSpaceFromJson)),
      stamp: createHash('sha256').update(text).digest('base64url').slice(0, 22),
    };
    this.parsed.set(site.id, { text, published });
    return published;
  }
}
