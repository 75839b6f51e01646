import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Clock, EncryptionKeys, newId, Page, Paginator, preparedStatement, randomBase62, sortKey, SqlPool } from '@docs/platform';
import { Repository } from 'typeorm';
import type { SiteContext } from '../access/site-access';
import { SiteEntity } from '../sites/site.entity';
import { ShareLinkEntity } from './share-link.entity';

/** The key purpose (EncryptionKeys) of share-link keys: their HMAC finds a link, their sealed copy shows it. */
export const SHARE_LINK_KEY_PURPOSE = 'site-share-link';
const PURPOSE = SHARE_LINK_KEY_PURPOSE;

/** Whether the key HMAC $1 is an active share link's of site $2 (on the unique `key_hmac` index). */
const FIND_ACTIVE_KEY_OF_SITE = preparedStatement(
  'sites_find_active_share_key',
  `SELECT 1 AS found FROM site_share_links WHERE key_hmac = $1 AND active AND site_id = $2`,
);

/**
 * Share links of share-link sites. A key is 32 random base-62 characters (190 bits). It is found
 * by its HMAC and shown (in `urls.published`) by decrypting its sealed copy; both keys come from
 * configuration, not from the database.
 */
@Injectable()
export class ShareLinksService {
  constructor(
    @InjectRepository(ShareLinkEntity) private readonly links: Repository<ShareLinkEntity>,
    @InjectRepository(SiteEntity) private readonly sites: Repository<SiteEntity>,
    private readonly keys: EncryptionKeys,
    private readonly paginator: Paginator,
    private readonly sql: SqlPool,
    private readonly clock: Clock,
  ) {}

  /** Newest first. */
  list(context: SiteContext, page: { page?: string; limit?: number }): Promise<Page<ShareLinkEntity>> {
    const query = this.links.createQueryBuilder('l').where('l.site_id = :siteId', { siteId: context.site.id });
    return this.paginator.paginate(
      query,
      [sortKey<ShareLinkEntity>('l.created_at', 'DESC', 'timestamp', (l) => l.createdAt), sortKey<ShareLinkEntity>('l.id', 'DESC', 'text', (l) => l.id)],
      { scope: ['share-links', context.site.id].join(':'), page: page.page, limit: page.limit },
    );
  }

  async create(context: SiteContext, name: string): Promise<ShareLinkEntity> {
    const key = randomBase62(32);
    const link = this.links.create({
      id: newId(),
      siteId: context.site.id,
      organizationId: context.site.organizationId,
      name,
      active: true,
      keyHmac: this.keys.hmac(PURPOSE, key),
      keyEncrypted: this.keys.encrypt(PURPOSE, key),
      createdAt: this.clock.now(),
    });
    await this.links.insert(link);
    return link;
  }

  async update(context: SiteContext, linkId: string, input: { active?: boolean; name?: string }): Promise<ShareLinkEntity> {
    const link = await this.require(context, linkId);
    const changes: Partial<ShareLinkEntity> = {};
    if (input.active !== undefined) changes.active = input.active;
    if (input.name !== undefined) changes.name = input.name;
    if (Object.keys(changes).length === 0) throw new BadRequestException('Give active, name or both: what to change.');
    await this.links.update({ id: link.id }, changes);
    return Object.assign(link, changes);
  }

  async delete(context: SiteContext, linkId: string): Promise<void> {
    await this.links.delete({ id: (await this.require(context, linkId)).id });
  }

  /** The clear key of a link, for its URL. */
  keyOf(link: ShareLinkEntity): string {
    return this.keys.decrypt(PURPOSE, link.keyEncrypted);
  }

  /** What a link with this key is found by (`key_hmac`, unique). */
  hmacOf(key: string): string {
    return this.keys.hmac(PURPOSE, key);
  }

  /** The active link with this key, and its site; undefined for an unknown, inactive or deleted link's key. */
  async findActive(key: string): Promise<{ link: ShareLinkEntity; site: SiteEntity } | undefined> {
    const link = await this.links.findOneBy({ keyHmac: this.hmacOf(key), active: true });
    if (!link) return undefined;
    const site = await this.sites.findOneBy({ id: link.siteId });
    return site ? { link, site } : undefined;
  }

  /** `shareKey` of a read of this site: undefined when absent, 400 unless it is an active link's key of this very site. */
  async requireKeyOf(siteId: string, shareKey: string | undefined): Promise<string | undefined> {
    if (shareKey === undefined) return undefined;
    const found = await this.sql.first(FIND_ACTIVE_KEY_OF_SITE, [this.hmacOf(shareKey), siteId]);
    if (!found) throw new BadRequestException('shareKey: no active share link of this site has this key.');
    return shareKey;
  }

  private async require(context: SiteContext, linkId: string): Promise<ShareLinkEntity> {
    const link = await this.links.findOneBy({ id: linkId, siteId: context.site.id });
    if (!link) throw new NotFoundException(`No share link of this site has the id ${linkId}.`);
    return link;
  }
}
