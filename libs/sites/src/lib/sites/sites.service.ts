import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { ContentAccess, OrganizationContent, SpaceEntity, SpacesService } from '@docs/content';
import type { Caller } from '@docs/identity';
import { Clock, containsPattern, EncryptionKeys, EventOutbox, newId, Page, Paginator, preparedStatement, randomBase62, sortKey, SqlPool } from '@docs/platform';
import { DataSource, In, Repository } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import { SiteSectionEntity } from '../sections/site-section.entity';
import { insertSiteSpace, requirePublishableSpace } from '../site-spaces/site-space-factory';
import { SiteSpaceEntity } from '../site-spaces/site-space.entity';
import { clashOf, SiteWriter } from '../structure/site-writer';
import { CreateSiteDto, NEW_SPACE } from './dto/create-site.dto';
import type { UpdateSiteDto } from './dto/update-site.dto';
import { SiteEntity } from './site.entity';

export const VISITOR_KEY_PURPOSE = 'site-visitor-key';

/** Site spaces of live spaces, per site of the array $1. */
const SITE_SPACE_COUNTS = preparedStatement(
  'sites_site_space_counts',
  `SELECT ss.site_id, count(*)::int AS count FROM site_spaces ss JOIN spaces s ON s.id = ss.space_id
    WHERE ss.site_id = ANY($1) AND s.deleted_at IS NULL GROUP BY ss.site_id`,
);

/** Sites of an organization: create, list, read, configure, publish, delete. */
@Injectable()
export class SitesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(SiteEntity) private readonly sites: Repository<SiteEntity>,
    private readonly content: ContentAccess,
    private readonly spaceService: SpacesService,
    private readonly writer: SiteWriter,
    private readonly paginator: Paginator,
    private readonly sql: SqlPool,
    private readonly clock: Clock,
    private readonly keys: EncryptionKeys,
    private readonly events: EventOutbox,
  ) {}

  /** Newest first; `space` keeps sites publishing that space, `title` is a case-insensitive part. */
  async list(organizationId: string, filters: { space?: string; title?: string; published?: boolean; page?: string; limit?: number }): Promise<Page<SiteEntity>> {
    const query = this.sites.createQueryBuilder('site').where('site.organization_id = :organizationId', { organizationId });
    if (filters.space !== undefined) {
      query.andWhere('EXISTS (SELECT 1 FROM site_spaces ss WHERE ss.site_id = site.id AND ss.space_id = :space)', { space: filters.space });
    }
    if (filters.title) query.andWhere('site.title ILIKE :title', { title: containsPattern(filters.title) });
    if (filters.published !== undefined) query.andWhere('site.published = :published', { published: filters.published });
    const scope = ['sites', organizationId, filters.space ?? '', filters.title ?? '', String(filters.published ?? '')].join(':');
    return this.paginator.paginate(
      query,
      [sortKey<SiteEntity>('site.created_at', 'DESC', 'timestamp', (s) => s.createdAt), sortKey<SiteEntity>('site.id', 'DESC', 'text', (s) => s.id)],
      { scope, page: filters.page, limit: filters.limit },
    );
  }

  /** Site spaces of live spaces, per site: the `siteSpaces` count of each (one query for a page). */
  async siteSpaceCounts(siteIds: string[]): Promise<Map<string, number>> {
    if (siteIds.length === 0) return new Map();
    const rows = await this.sql.rows<{ site_id: string; count: number }>(SITE_SPACE_COUNTS, [siteIds]);
    return new Map(rows.map((row) => [row.site_id, row.count]));
  }

  async create(organizationId: string, caller: Caller, org: OrganizationContent, input: CreateSiteDto): Promise<SiteEntity> {
    const now = this.clock.now();
    const site = this.sites.create({
      id: newId(),
      organizationId,
      type: input.type ?? 'basic',
      title: input.title ?? 'Untitled site',
      visibility: input.visibility ?? 'public',
      published: false,
      basename: null,
      hostname: null,
      proxyOrigin: null,
      adaptiveContent: false,
      agentsContext: 'included',
      adaptiveSchema: null,
      adaptiveSchemaUpdatedAt: null,
      visitorKeyEncrypted: this.keys.encrypt(VISITOR_KEY_PURPOSE, randomBase62(43)),
      createdAt: now,
      updatedAt: now,
    });
    const context: SiteContext = { site, caller, org };
    const spaces: SpaceEntity[] = [];
    if (input.spaces === NEW_SPACE) {
      // Content creates it (its own checks, order and first revision) before the site exists:
      // every check of the site's own fields has passed, and inserting it cannot clash.
      spaces.push((await this.spaceService.create(organizationId, caller, { title: site.title.slice(0, 50) })).space);
    } else {
      for (const [index, spaceId] of (input.spaces ?? []).entries()) {
        spaces.push(await requirePublishableSpace(this.content, context, spaceId, `spaces[${index}]`));
      }
    }
    await this.dataSource.transaction(async (tx) => {
      await tx.insert(SiteEntity, site);
      const siblings: SiteSpaceEntity[] = [];
      for (const space of spaces) await insertSiteSpace(tx, context, null, space, siblings, now);
    });
    return site;
  }

  async update(context: SiteContext, input: UpdateSiteDto): Promise<SiteEntity> {
    const { site } = context;
    const changes: Partial<SiteEntity> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.visibility !== undefined) changes.visibility = input.visibility;
    if (input.basename !== undefined) changes.basename = input.basename;
    if (input.hostname !== undefined) changes.hostname = input.hostname;
    if (input.adaptiveContent !== undefined) changes.adaptiveContent = input.adaptiveContent.enabled;
    if (input.agentsContext !== undefined) changes.agentsContext = input.agentsContext;
    if (input.proxy !== undefined) changes.proxyOrigin = input.proxy;
    const structural = input.defaultSiteSection !== undefined || input.defaultSiteSpace !== undefined;
    if (Object.keys(changes).length === 0 && !structural) return site;
    changes.updatedAt = this.clock.now();
    await this.writer.change(site, async (tx, structure) => {
      if (input.defaultSiteSection !== undefined) {
        const section = structure.sections.find((s) => s.id === input.defaultSiteSection);
        if (!section) throw new NotFoundException(`defaultSiteSection: no section of this site has the id ${input.defaultSiteSection}.`);
        await tx.update(SiteSectionEntity, { siteId: site.id, isDefault: true }, { isDefault: false });
        await tx.update(SiteSectionEntity, { id: section.id }, { isDefault: true });
      }
      if (input.defaultSiteSpace !== undefined) {
        const all = [...structure.siteSpaces.values()].flat();
        const siteSpace = all.find((s) => s.id === input.defaultSiteSpace);
        if (!siteSpace) throw new NotFoundException(`defaultSiteSpace: no site space of this site has the id ${input.defaultSiteSpace}.`);
        const defaultSectionId = input.defaultSiteSection ?? structure.sections.find((s) => s.isDefault)?.id ?? null;
        if (siteSpace.sectionId !== defaultSectionId) {
          throw new BadRequestException(
            `defaultSiteSpace: site space ${siteSpace.id} is not in the default section; make it the default of its own section with PATCH .../sections/${siteSpace.sectionId}.`,
          );
        }
        const siblings = structure.siteSpaces.get(siteSpace.sectionId ?? '') ?? [];
        await tx.update(SiteSpaceEntity, { id: In(siblings.map((s) => s.id)) }, { isDefault: false });
        await tx.update(SiteSpaceEntity, { id: siteSpace.id }, { isDefault: true });
      }
      await tx.update(SiteEntity, { id: site.id }, changes);
    });
    return Object.assign(site, changes);
  }

  async delete(context: SiteContext): Promise<void> {
    // Sections, groups, site spaces and share links go with it (foreign keys); its spaces stay.
    await this.sites.delete({ id: context.site.id });
  }

  /** Publishing needs something to publish: a site without site spaces is a 409. */
  async setPublished(context: SiteContext, published: boolean): Promise<SiteEntity> {
    const { site } = context;
    if (published && !site.published) {
      const count = (await this.siteSpaceCounts([site.id])).get(site.id) ?? 0;
      if (count === 0) throw new ConflictException('A site without site spaces cannot be published: add a space to it first.');
    }
    if (site.published !== published) {
      const changes = { published, updatedAt: this.clock.now() };
      await this.dataSource.transaction(async (tx) => {
        // Only the request that flips the flag emits (two concurrent publishes: one event).
        const flipped = await tx.update(SiteEntity, { id: site.id, published: !published }, changes);
        if (flipped.affected) {
          await this.events.emit(tx, {
            type: published ? 'site_published' : 'site_unpublished',
            organizationId: site.organizationId,
            actor: context.caller.userId,
            payload: { siteId: site.id },
          });
        }
      });
      Object.assign(site, changes);
    }
    return site;
  }

  /** The key visitor JWTs of this site are signed with (HS256). */
  visitorKey(site: SiteEntity): string {
    return this.keys.decrypt(VISITOR_KEY_PURPOSE, site.visitorKeyEncrypted);
  }

  /** Where visitors of the site without a valid token go (null: a 401 page). */
  async setVisitorFallbackUrl(context: SiteContext, url: string | null): Promise<void> {
    const changes = { visitorFallbackUrl: url, updatedAt: this.clock.now() };
    await this.sites.update({ id: context.site.id }, changes);
    Object.assign(context.site, changes);
  }

  /** A new visitor key: tokens signed with the old one stop working. */
  async regenerateVisitorKey(context: SiteContext): Promise<string> {
    const key = randomBase62(43);
    const changes = { visitorKeyEncrypted: this.keys.encrypt(VISITOR_KEY_PURPOSE, key), updatedAt: this.clock.now() };
    try {
      await this.sites.update({ id: context.site.id }, changes);
    } catch (error) {
      throw clashOf(error) ?? error;
    }
    Object.assign(context.site, changes);
    return key;
  }
}
