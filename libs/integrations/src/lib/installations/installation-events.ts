import { Injectable } from '@nestjs/common';
import { EventInstallationStatus, EventOutbox } from '@docs/platform';
import { IntegrationSubscriptions } from '@docs/webhooks';
import type { EntityManager } from 'typeorm';
import type { InstallationEntity } from './installation.entity';

type Configuration = Record<string, unknown>;
interface Previous {
  status: EventInstallationStatus;
  configuration: Configuration;
}

/**
 * What an installation's changes mean for events, in the transaction of each change: the
 * reference's installation events (`installation_setup`, `space_installation_deleted`, ...) and
 * the installation's event subscription (libs/webhooks), kept in step with what it is turned on
 * for and with its integration's `events`, `eventsURL` and secret.
 */
@Injectable()
export class InstallationEvents {
  constructor(
    private readonly subscriptions: IntegrationSubscriptions,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * Rewrites the subscriptions of these installations (or of every installation of an
   * integration) from the tables, in one read and one upsert. `reactivate`: a publication turns
   * subscriptions disabled by failures back on.
   */
  async sync(tx: EntityManager, where: { installationIds?: string[]; integrationName?: string }, options: { reactivate?: boolean } = {}): Promise<void> {
    const rows: Record<string, any>[] = await tx.query(
      `SELECT i.id, i.organization_id, i.integration_name, g.events_url, g.events, g.events_secret, g.events_previous_secret, g.events_previous_secret_expires_at,
              CASE WHEN i.space_selection = 'all' THEN NULL
                   ELSE ARRAY(SELECT si.space_id FROM integration_space_installations si WHERE si.installation_id = i.id ORDER BY si.space_id) END AS space_ids,
              CASE WHEN i.site_selection = 'all' THEN NULL
                   ELSE ARRAY(SELECT si.site_id FROM integration_site_installations si WHERE si.installation_id = i.id ORDER BY si.site_id) END AS site_ids
         FROM integration_installations i JOIN integrations g ON g.name = i.integration_name
        WHERE ($1::text[] IS NULL OR i.id = ANY ($1)) AND ($2::text IS NULL OR i.integration_name = $2)`,
      [where.installationIds ?? null, where.integrationName ?? null],
    );
    await this.subscriptions.sync(
      tx,
      rows.map((row) => ({
        installationId: row.id,
        organizationId: row.organization_id,
        integrationName: row.integration_name,
        url: row.events_url,
        eventTypes: row.events,
        secret: row.events_secret,
        previousSecret: row.events_previous_secret,
        previousSecretExpiresAt: row.events_previous_secret_expires_at,
        spaceIds: row.space_ids,
        siteIds: row.site_ids,
      })),
      options,
    );
  }

  /** Installed (no `previous`) or changed: the subscription first, so the installation receives its own event. */
  async setup(tx: EntityManager, installation: InstallationEntity, actor: string, previous?: Previous): Promise<void> {
    await this.sync(tx, { installationIds: [installation.id] });
    await this.outbox.emit(tx, {
      type: 'installation_setup',
      organizationId: installation.organizationId,
      actor,
      payload: { installationId: installation.id, integrationId: installation.integrationName, status: installation.status, ...(previous ? { previous } : {}) },
    });
  }

  /** Uninstalled (call before deleting the rows): the installation still receives this last event. */
  async deleted(tx: EntityManager, installations: InstallationEntity[], actor: string): Promise<void> {
    await this.outbox.emit(
      tx,
      installations.map((installation) => ({
        type: 'installation_deleted' as const,
        organizationId: installation.organizationId,
        actor,
        payload: { installationId: installation.id, integrationId: installation.integrationName, previous: { configuration: installation.configuration } },
      })),
    );
    await this.subscriptions.retire(
      tx,
      installations.map((installation) => installation.id),
    );
  }

  /** Turned on (no `previous`) or changed for a space or a site. */
  async contentSetup(
    tx: EntityManager,
    installation: InstallationEntity,
    target: { spaceId: string } | { siteId: string },
    status: EventInstallationStatus,
    actor: string,
    previous?: Previous,
  ): Promise<void> {
    await this.sync(tx, { installationIds: [installation.id] });
    const common = { installationId: installation.id, integrationId: installation.integrationName, status, ...(previous ? { previous } : {}) };
    await this.outbox.emit(
      tx,
      'spaceId' in target
        ? { type: 'space_installation_setup', organizationId: installation.organizationId, actor, payload: { ...common, spaceId: target.spaceId } }
        : { type: 'site_installation_setup', organizationId: installation.organizationId, actor, payload: { ...common, siteId: target.siteId } },
    );
  }

  /** Turned off for a space or a site (after deleting the row: the event reaches the installation by its id). */
  async contentDeleted(tx: EntityManager, installation: InstallationEntity, target: { spaceId: string } | { siteId: string }, configuration: Configuration, actor: string): Promise<void> {
    await this.sync(tx, { installationIds: [installation.id] });
    const common = { installationId: installation.id, integrationId: installation.integrationName, previous: { configuration } };
    await this.outbox.emit(
      tx,
      'spaceId' in target
        ? { type: 'space_installation_deleted', organizationId: installation.organizationId, actor, payload: { ...common, spaceId: target.spaceId } }
        : { type: 'site_installation_deleted', organizationId: installation.organizationId, actor, payload: { ...common, siteId: target.siteId } },
    );
  }
}
