import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Caller, OrganizationAccess } from '@docs/identity';
import { AddressPolicy, APP_CONFIG, AppConfig, Clock, composedStatement, containsPattern, newId, Page, Paginator, preparedStatement, sortKey, SqlPool } from '@docs/platform';
import { PREVIOUS_SECRET_TTL_MS, SubscriptionSecrets } from '@docs/webhooks';
import { InstallationEntity } from '../installations/installation.entity';
import { InstallationEvents } from '../installations/installation-events';
import { DataSource, QueryFailedError, Repository } from 'typeorm';
import { blockDomains } from './block-domains';
import type { ListIntegrationsQueryDto } from './dto/list-integrations.query';
import type { PublishIntegrationDto } from './dto/publish-integration.dto';
import { decodeImage, DecodedImage } from './image-data';
import { IntegrationAssetEntity } from './integration-asset.entity';
import { IntegrationEntity } from './integration.entity';
import { checkIntegrationName } from './integration-name';
import { IntegrationSecrets } from './integration-secrets';
import {
  callerMembershipJoin,
  canSeeIntegration,
  PresentedIntegration,
  viewedIntegrationColumns,
  viewedIntegrationFrom,
  viewedIntegrationFromRow,
  ViewedIntegration,
} from './viewed-integration';

/** An integration by name with its owner and the caller's standing (`$2`): one round trip, planned once per connection. */
const FIND_VIEWED = preparedStatement(
  'integrations_find_viewed',
  `SELECT ${viewedIntegrationColumns('$2')} FROM ${viewedIntegrationFrom('$2')} WHERE i.name = $1`,
);

/**
 * SQL (aliases of `viewedIntegrationFrom`): the caller may list this integration: public, or
 * owned by an organization they are an active member of (guests included).
 */
const LISTED_FOR_VIEWER = `(i.visibility = 'public' OR m.user_id IS NOT NULL)`;

/** Publishing, finding, listing and unpublishing integrations. */
@Injectable()
export class IntegrationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(IntegrationEntity) private readonly integrations: Repository<IntegrationEntity>,
    @InjectRepository(IntegrationAssetEntity) private readonly assets: Repository<IntegrationAssetEntity>,
    private readonly organizations: OrganizationAccess,
    private readonly secrets: IntegrationSecrets,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    private readonly sql: SqlPool,
    private readonly subscriptionSecrets: SubscriptionSecrets,
    private readonly installationEvents: InstallationEvents,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.addressPolicy = new AddressPolicy(config.fetch.allowHosts);
  }

  private readonly addressPolicy: AddressPolicy;

  /**
   * The publication's events, URL and signing secret. Absent `eventsSecret` keeps the previous
   * one; a new one replaces it, the previous one signing beside it for 24 hours. A URL needs a
   * secret (given now or kept), and events need a URL.
   */
  private eventsOf(input: PublishIntegrationDto, eventsUrl: string | null, existing: IntegrationEntity | null, now: Date) {
    const events = [...new Set(input.events ?? [])];
    if (events.length > 0 && !eventsUrl) throw new BadRequestException('eventsURL is required with events: it is where they are delivered.');
    const current = existing?.eventsSecret ?? null;
    const secret = input.eventsSecret === undefined ? current : this.subscriptionSecrets.seal(input.eventsSecret);
    if (eventsUrl && !secret) throw new BadRequestException('eventsSecret is required with eventsURL: events are signed with it.');
    const replaced = input.eventsSecret !== undefined && current !== null;
    return {
      events,
      eventsUrl,
      eventsSecret: secret,
      eventsPreviousSecret: replaced ? current : (existing?.eventsPreviousSecret ?? null),
      eventsPreviousSecretExpiresAt: replaced ? new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS) : (existing?.eventsPreviousSecretExpiresAt ?? null),
    };
  }

  /** An http(s) URL; an address literal (or localhost) deliveries could not reach is refused now. */
  private checkEventsUrl(text: string): string {
    const url = new URL(text);
    if (url.username || url.password) throw new BadRequestException('eventsURL must not contain credentials.');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const refused = AddressPolicy.isAddress(host) ? !this.addressPolicy.allowsAddress(host) : host.toLowerCase() === 'localhost' && !this.addressPolicy.allowsHostName(host);
    if (refused) throw new BadRequestException(`eventsURL: ${url.hostname} is a private, loopback or otherwise internal address: deliveries to it are not allowed (FETCH_ALLOW_HOSTS).`);
    return url.href;
  }

  /**
   * The integration as the caller sees it (with its owner and their standing there, for
   * presenting it) if they may see it; 404 otherwise. One statement.
   */
  async requireViewed(name: string, caller: Caller): Promise<ViewedIntegration> {
    checkIntegrationName(name);
    const row = await this.sql.first<Record<string, any>>(FIND_VIEWED, [name, caller.userId]);
    const viewed = row && viewedIntegrationFromRow(row);
    if (!viewed || !canSeeIntegration(viewed)) throw integrationNotFound(name);
    return viewed;
  }

  /**
   * The integration if the caller may see it: public and unlisted ones for anyone who has the
   * name, private ones for members of the owning organization. 404 otherwise. One statement.
   */
  async requireVisible(name: string, caller: Caller): Promise<PresentedIntegration> {
    return (await this.requireViewed(name, caller)).integration;
  }

  /** The integration if the caller administers its owning organization: 404 when unseen, 403 when seen. One statement. */
  async requireOwnerAdmin(name: string, caller: Caller, action: string): Promise<PresentedIntegration> {
    const { integration, viewer } = await this.requireViewed(name, caller);
    if (viewer.role !== 'admin') throw new ForbiddenException(`Only admins of the organization that publishes ${name} can ${action}.`);
    return integration;
  }

  /**
   * By name, ascending. Public integrations, and every integration of the caller's
   * organizations. Prepared SQL (one statement per combination of filters): the page with each
   * integration's owner, the caller's standing and the list's count, in one statement.
   */
  async list(caller: Caller, filters: ListIntegrationsQueryDto): Promise<Page<ViewedIntegration>> {
    const values: unknown[] = [caller.userId];
    const param = (value: unknown) => `$${values.push(value)}`;
    const where = [LISTED_FOR_VIEWER];
    if (filters.search) {
      const pattern = param(containsPattern(filters.search));
      where.push(`(i.name ILIKE ${pattern} OR i.title ILIKE ${pattern})`);
    }
    if (filters.category) where.push(`i.categories @> ARRAY[${param(filters.category)}::text]`);
    if (filters.scope) where.push(`i.scopes @> ARRAY[${param(filters.scope)}::text]`);
    if (filters.blockDomain) where.push(`i.block_domains @> ARRAY[${param(filters.blockDomain.toLowerCase())}::text]`);
    if (filters.blocks !== undefined) where.push(`jsonb_array_length(i.blocks) ${filters.blocks ? '>' : '='} 0`);
    if (filters.contentSources !== undefined) where.push(`jsonb_array_length(i.content_sources) ${filters.contentSources ? '>' : '='} 0`);
    if (filters.owner) where.push(`i.owner_organization_id = ${param(filters.owner)}`);
    if (filters.target === 'all') where.push(`i.target = 'all'`);
    else if (filters.target) where.push(`i.target IN (${param(filters.target)}, 'all')`);
    const condition = where.join(' AND ');
    // The count needs the caller's membership (the visibility rule), not the owners.
    const countSql = `SELECT count(*)::int AS count FROM integrations i ${callerMembershipJoin('$1')} WHERE ${condition}`;
    const count = async () => (await this.sql.first<{ count: number }>(composedStatement('integrations_count', countSql), values))?.count ?? 0;
    const scope = [
      'integrations',
      caller.userId,
      filters.search ?? '',
      filters.category ?? '',
      filters.scope ?? '',
      filters.blockDomain?.toLowerCase() ?? '',
      String(filters.blocks ?? ''),
      String(filters.contentSources ?? ''),
      filters.owner ?? '',
      filters.target ?? '',
    ].join(':');
    return this.paginator.paginateSql(
      {
        name: 'integrations_list',
        sql: `SELECT ${viewedIntegrationColumns('$1')} FROM ${viewedIntegrationFrom('$1')} WHERE ${condition}`,
        values,
        item: viewedIntegrationFromRow,
        count,
        // Integrations number in the hundreds: counting them with the page costs less than a statement.
        countSql,
      },
      [sortKey<ViewedIntegration>('i.name', 'ASC', 'text', (viewed) => viewed.integration.name)],
      { scope, page: filters.page, limit: filters.limit },
    );
  }

  /**
   * Publishes a first version, or the next version of an integration the organization already
   * publishes. Everything in the body replaces the previous version except absent `secrets`.
   */
  async publish(name: string, caller: Caller, input: PublishIntegrationDto): Promise<ViewedIntegration> {
    checkIntegrationName(name);
    const membership = await this.organizations.find(input.organization, caller.userId);
    if (!membership) throw new NotFoundException(`organization: no organization has the id ${input.organization}.`);
    if (membership.role !== 'admin') throw new ForbiddenException('Only admins of an organization can publish integrations for it.');
    const images = decodeImages(input);
    checkUniqueIds(input.blocks ?? [], 'blocks');
    checkUniqueIds(input.contentSources ?? [], 'contentSources');
    const sealed = input.secrets && Object.keys(input.secrets).length > 0 ? this.secrets.seal(input.secrets, name) : null;
    const eventsURL = input.eventsURL === undefined ? null : this.checkEventsUrl(input.eventsURL);

    try {
      return await this.dataSource.transaction(async (tx) => {
        const existing = await tx.findOne(IntegrationEntity, { where: { name }, lock: { mode: 'pessimistic_write' } });
        if (existing && existing.ownerOrganizationId !== input.organization) throw nameTaken(name);
        const now = this.clock.now();
        const events = this.eventsOf(input, eventsURL, existing, now);
        const assets = (images: DecodedImage[]) =>
          images.map((image) =>
            tx.create(IntegrationAssetEntity, {
              id: newId(),
              integrationName: name,
              contentType: image.contentType,
              data: image.data,
              width: image.width,
              height: image.height,
              createdAt: now,
            }),
          );
        const icon = images.icon ? assets([images.icon])[0] : undefined;
        const previews = assets(images.previews);
        const integration = tx.create(IntegrationEntity, {
          name,
          ownerOrganizationId: input.organization,
          version: existing ? existing.version + 1 : 1,
          runtime: input.runtime ?? 'v1',
          title: input.title,
          description: input.description,
          summary: input.summary ?? null,
          visibility: input.visibility ?? 'private',
          target: input.target ?? 'all',
          scopes: [...new Set(input.scopes ?? [])],
          categories: [...new Set(input.categories ?? [])],
          blocks: plain(input.blocks ?? []),
          blockDomains: blockDomains(input.blocks ?? []),
          contentSources: plain(input.contentSources ?? []),
          externalLinks: plain(input.externalLinks ?? []),
          configurations: input.configurations ?? {},
          contentSecurityPolicy: input.contentSecurityPolicy ?? null,
          script: input.script,
          secrets: input.secrets === undefined ? (existing?.secrets ?? null) : sealed,
          iconAssetId: icon?.id ?? null,
          previewAssetIds: previews.map((p) => p.id),
          ...events,
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        });
        if (existing) {
          await tx.delete(IntegrationAssetEntity, { integrationName: name });
          await tx.update(IntegrationEntity, { name }, integration);
        } else {
          await tx.insert(IntegrationEntity, integration);
        }
        const all = icon ? [icon, ...previews] : previews;
        if (all.length > 0) await tx.insert(IntegrationAssetEntity, all);
        // Its installations receive what this version lists, where and as it says; a publication
        // also turns back on those whose deliveries had failed for too long (the fix, presumably).
        if (existing) await this.installationEvents.sync(tx, { integrationName: name }, { reactivate: true });
        // Read back in the transaction, under its row lock: the version this publication wrote,
        // even when another one commits right after it.
        const [row] = await tx.query(FIND_VIEWED.text, [name, caller.userId]);
        return viewedIntegrationFromRow(row);
      });
    } catch (error) {
      // Two first publications of the same name at once: the primary key lets one win.
      if (error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '23505') {
        throw new ConflictException(`The integration ${name} was published by another request at the same time: retry.`);
      }
      throw error;
    }
  }

  /** Removes the integration with its images and every installation of it (one statement, cascading). */
  /**
   * Removes the integration (its images, and its installations when `removeInstallations`).
   * Still installed and not asked to remove them: 409 naming how many and in which organizations.
   */
  async unpublish(name: string, caller: Caller, removeInstallations: boolean): Promise<void> {
    await this.requireOwnerAdmin(name, caller, 'unpublish it');
    await this.dataSource.transaction(async (tx) => {
      // Locks the integration, so that no installation slips in between the check and the delete.
      await tx.query(`SELECT 1 FROM integrations WHERE name = $1 FOR UPDATE`, [name]);
      const installations = await tx.find(InstallationEntity, { where: { integrationName: name }, lock: { mode: 'pessimistic_write' } });
      if (!removeInstallations) {
        const [{ count, organizations }] = await tx.query(
          `SELECT count(*)::int AS count, array(SELECT DISTINCT organization_id FROM integration_installations WHERE integration_name = $1 ORDER BY 1 LIMIT 5) AS organizations
             FROM integration_installations WHERE integration_name = $1`,
          [name],
        );
        if (count > 0) {
          throw new ConflictException(
            `Integration ${name} is still installed (${count} installation${count === 1 ? '' : 's'}, in organization${organizations.length === 1 ? '' : 's'} ${(organizations as string[]).join(', ')}${count > organizations.length ? ', ...' : ''}). Unpublish with ?removeInstallations=true to remove them with it.`,
          );
        }
      }
      await this.installationEvents.deleted(tx, installations, caller.userId);
      await tx.delete(IntegrationEntity, { name });
    });
  }

  /** An image by its id, if it belongs to that integration. */
  findAsset(name: string, assetId: string): Promise<IntegrationAssetEntity | null> {
    return this.assets.findOneBy({ id: assetId, integrationName: name });
  }
}

function decodeImages(input: PublishIntegrationDto): { icon?: DecodedImage; previews: DecodedImage[] } {
  const decode = (value: string, field: string): DecodedImage => {
    const result = decodeImage(value);
    if (typeof result === 'string') throw new BadRequestException(`${field} ${result}`);
    return result;
  };
  return {
    icon: input.icon === undefined ? undefined : decode(input.icon, 'icon'),
    previews: (input.previewImages ?? []).map((image, index) => decode(image, `previewImages[${index}]`)),
  };
}

function checkUniqueIds(items: { id: string }[], field: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) throw new BadRequestException(`${field}[${index}].id ${item.id} is used twice`);
    seen.add(item.id);
  });
}

/** DTO instances -> plain JSON for jsonb columns. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function nameTaken(name: string): ConflictException {
  return new ConflictException(`The integration name ${name} is taken by another organization.`);
}

export function integrationNotFound(name: string): NotFoundException {
  return new NotFoundException(`No integration is named ${name}.`);
}
