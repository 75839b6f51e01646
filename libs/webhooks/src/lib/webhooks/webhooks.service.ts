import { BadRequestException, ForbiddenException, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SpaceEntity } from '@docs/content';
import { Membership, roleAtLeast } from '@docs/identity';
import { AddressPolicy, AppConfig, APP_CONFIG, Clock, newId, Page, Paginator, sortKey } from '@docs/platform';
import { Inject } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { EventDeliveryEntity } from '../deliveries/event-delivery.entity';
import { generateSecret } from '../dispatch/webhook-signature';
import { EventSubscriptionEntity } from '../subscriptions/event-subscription.entity';
import { organizationSequence } from '../subscriptions/organization-sequence';
import { PREVIOUS_SECRET_TTL_MS, SubscriptionSecrets } from '../subscriptions/subscription-secrets';
import { ALL_EVENTS, CreateWebhookDto, UpdateWebhookDto } from './dto/webhook-body.dto';
import { WebhookSites } from './webhook-sites';

/** A webhook just created or whose secret was just rotated: the only times its secret is shown. */
export interface WebhookWithSecret {
  webhook: EventSubscriptionEntity;
  secret: string;
}

/**
 * Webhooks of an organization: subscriptions of `kind` webhook, managed by its admins. Other
 * members see none of them (a list is a 403, one webhook a 404, as for an unknown id).
 */
@Injectable()
export class WebhooksService {
  private readonly policy: AddressPolicy;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly secrets: SubscriptionSecrets,
    private readonly paginator: Paginator,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly sites?: WebhookSites,
  ) {
    this.policy = new AddressPolicy(config.fetch.allowHosts);
  }

  /** Newest first. */
  list(member: Membership, page: { page?: string; limit?: number }): Promise<Page<EventSubscriptionEntity>> {
    requireAdmin(member, 'list webhooks');
    const query = this.dataSource
      .getRepository(EventSubscriptionEntity)
      .createQueryBuilder('s')
      .where(`s.organization_id = :organizationId AND s.kind = 'webhook'`, { organizationId: member.organizationId });
    return this.paginator.paginate(
      query,
      [
        sortKey<EventSubscriptionEntity>('s.created_at', 'DESC', 'timestamp', (s) => s.createdAt),
        sortKey<EventSubscriptionEntity>('s.id', 'DESC', 'text', (s) => s.id),
      ],
      { scope: `webhooks:${member.organizationId}`, page: page.page, limit: page.limit },
    );
  }

  async create(member: Membership, input: CreateWebhookDto): Promise<WebhookWithSecret> {
    requireAdmin(member, 'create webhooks');
    const url = this.checkUrl(input.url);
    const filters = await this.checkFilters(member.organizationId, input.spaces ?? [], input.sites ?? []);
    const secret = generateSecret();
    const now = this.clock.now();
    const webhook = await this.dataSource.transaction(async (tx) => {
      const row = tx.create(EventSubscriptionEntity, {
        id: newId(),
        organizationId: member.organizationId,
        kind: 'webhook',
        url,
        description: input.description ?? '',
        eventTypes: eventTypesOf(input.events),
        ...filters,
        status: input.status ?? 'active',
        disabledAt: null,
        disabledReason: null,
        secret: this.secrets.seal(secret),
        previousSecret: null,
        previousSecretExpiresAt: null,
        // It receives the events written after it: those committed so far are not its own.
        cursor: String(await organizationSequence(tx, member.organizationId)),
        integrationName: null,
        installationId: null,
        createdBy: member.userId,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(EventSubscriptionEntity, row);
      return row;
    });
    return { webhook, secret };
  }

  async get(member: Membership, webhookId: string): Promise<EventSubscriptionEntity> {
    return this.find(this.dataSource.manager, member, webhookId);
  }

  async update(member: Membership, webhookId: string, input: UpdateWebhookDto): Promise<EventSubscriptionEntity> {
    const current = await this.get(member, webhookId);
    const changes: Partial<EventSubscriptionEntity> = {};
    if (input.url !== undefined) changes.url = this.checkUrl(input.url);
    if (input.description !== undefined) changes.description = input.description;
    if (input.events !== undefined) changes.eventTypes = eventTypesOf(input.events);
    if (input.spaces !== undefined || input.sites !== undefined) {
      const spaces = input.spaces ?? current.spaceIds ?? [];
      const sites = input.sites ?? current.siteIds ?? [];
      Object.assign(changes, await this.checkFilters(member.organizationId, spaces, sites));
    }
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => {
      const row = await this.find(tx, member, webhookId, true);
      if (input.status !== undefined && input.status !== row.status) {
        changes.status = input.status;
        if (row.status === 'disabled') {
          changes.disabledAt = null;
          changes.disabledReason = null;
          await resumeFailedDeliveries(tx, row.id, now);
        }
      }
      if (Object.keys(changes).length === 0) return row;
      Object.assign(row, changes, { updatedAt: now });
      await tx.update(EventSubscriptionEntity, { id: row.id }, { ...changes, updatedAt: now });
      return row;
    });
  }

  /** Its deliveries and their attempts go with it. */
  async delete(member: Membership, webhookId: string): Promise<void> {
    const webhook = await this.get(member, webhookId);
    await this.dataSource.getRepository(EventSubscriptionEntity).delete({ id: webhook.id, organizationId: member.organizationId });
  }

  /** A new secret; the previous one keeps signing beside it for 24 hours, so receivers can switch without a gap. */
  async rotateSecret(member: Membership, webhookId: string): Promise<WebhookWithSecret> {
    const secret = generateSecret();
    const now = this.clock.now();
    const webhook = await this.dataSource.transaction(async (tx) => {
      const row = await this.find(tx, member, webhookId, true);
      const changes = {
        secret: this.secrets.seal(secret),
        previousSecret: row.secret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS),
        updatedAt: now,
      };
      await tx.update(EventSubscriptionEntity, { id: row.id }, changes);
      return Object.assign(row, changes);
    });
    return { webhook, secret };
  }

  /** A webhook of the member's organization; 404 for an unknown id and for members who are not admins. */
  async find(tx: EntityManager, member: Membership, webhookId: string, lock = false): Promise<EventSubscriptionEntity> {
    const row = roleAtLeast(member.role, 'admin')
      ? await tx.getRepository(EventSubscriptionEntity).findOne({
          where: { id: webhookId, organizationId: member.organizationId, kind: 'webhook' },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!row) throw new NotFoundException(`Organization ${member.organizationId} has no webhook with the id ${webhookId}.`);
    return row;
  }

  /**
   * An http(s) URL; an address literal (or `localhost`) the fetcher would refuse is refused now
   * rather than on every delivery. Names are resolved, and checked, when delivering.
   */
  private checkUrl(text: string): string {
    const url = new URL(text);
    if (url.username || url.password) throw new BadRequestException('url must not contain credentials.');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const literal = AddressPolicy.isAddress(host);
    const refused = literal ? !this.policy.allowsAddress(host) : host.toLowerCase() === 'localhost' && !this.policy.allowsHostName(host);
    if (refused) {
      throw new BadRequestException(`url: ${url.hostname} is a private, loopback or otherwise internal address: deliveries to it are not allowed (FETCH_ALLOW_HOSTS).`);
    }
    return url.href;
  }

  /** The filter columns; every id must be a space (deleted ones included) or a site of the organization: 404 naming it otherwise. */
  private async checkFilters(organizationId: string, spaces: string[], sites: string[]): Promise<Pick<EventSubscriptionEntity, 'spaceIds' | 'siteIds' | 'organizationEvents'>> {
    const spaceIds = [...new Set(spaces)];
    const siteIds = [...new Set(sites)];
    if (spaceIds.length > 0) {
      const found = await this.dataSource.getRepository(SpaceEntity).find({ select: { id: true }, where: { organizationId, id: In(spaceIds) } });
      const known = new Set(found.map((space) => space.id));
      const missing = spaces.findIndex((id) => !known.has(id));
      if (missing >= 0) throw new NotFoundException(`spaces[${missing}]: no space of this organization has the id ${spaces[missing]}.`);
    }
    for (const [index, siteId] of sites.entries()) {
      const site = this.sites ? await this.sites.findSite(organizationId, siteId) : null;
      if (!site) throw new NotFoundException(`sites[${index}]: no site of this organization has the id ${siteId}.`);
    }
    const filtered = spaceIds.length > 0 || siteIds.length > 0;
    return {
      spaceIds: filtered ? spaceIds : null,
      siteIds: filtered ? siteIds : null,
      organizationEvents: !filtered,
    };
  }
}

function requireAdmin(member: Membership, action: string): void {
  if (!roleAtLeast(member.role, 'admin')) throw new ForbiddenException(`Only organization admins can ${action}.`);
}

/** `*` (or nothing) means every type: stored as null. */
function eventTypesOf(events: string[] | undefined): string[] | null {
  if (events === undefined || events.includes(ALL_EVENTS)) return null;
  return [...new Set(events)];
}

/**
 * A subscription turned back on: the event delivery its retries gave up on starts a new retry
 * schedule now, so the events behind it follow in order.
 */
export async function resumeFailedDeliveries(tx: EntityManager, subscriptionId: string, now: Date): Promise<void> {
  await tx
    .createQueryBuilder()
    .update(EventDeliveryEntity)
    .set({ status: 'pending', completedAt: null, nextAttemptAt: now, leaseUntil: null, retryBase: () => 'attempts', updatedAt: now })
    .where(`subscription_id = :subscriptionId AND kind = 'event' AND status = 'failed'`, { subscriptionId })
    .execute();
}
