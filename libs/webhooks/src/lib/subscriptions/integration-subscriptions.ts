import { Injectable } from '@nestjs/common';
import { Clock } from '@docs/platform';
import type { EntityManager } from 'typeorm';

/** What an installation of an integration receives, as libs/integrations computes it. */
export interface InstallationSubscription {
  installationId: string;
  organizationId: string;
  integrationName: string;
  /** The integration's `eventsURL` (null: it declares none, and receives nothing). */
  url: string | null;
  /** The reference event types the integration listed. */
  eventTypes: string[];
  /** Its signing secrets, sealed by `SubscriptionSecrets`. */
  secret: string | null;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** The spaces and sites it is turned on for; null: all of them (`space_selection` / `site_selection` `all`). */
  spaceIds: string[] | null;
  siteIds: string[] | null;
}

/**
 * The subscriptions of integrations' installations, kept in step by libs/integrations in the
 * transactions that change what they depend on (installing, a selection, a space or site turned
 * on or off, a publication). An installation's subscription is removed with it (a trigger).
 */
@Injectable()
export class IntegrationSubscriptions {
  constructor(private readonly clock: Clock) {}

  /**
   * Creates or updates these installations' subscriptions. A new one receives the events written
   * after this point of the transaction (emit the installation's own event after syncing it).
   * `reactivate`: a publication turns disabled ones back on (their undelivered event is retried).
   */
  async sync(tx: EntityManager, subscriptions: InstallationSubscription[], options: { reactivate?: boolean } = {}): Promise<void> {
    if (subscriptions.length === 0) return;
    const now = this.clock.now();
    const rows = subscriptions.map((s) => ({
      installation_id: s.installationId,
      organization_id: s.organizationId,
      integration_name: s.integrationName,
      url: s.url,
      event_types: s.eventTypes,
      secret: s.secret,
      previous_secret: s.previousSecret,
      previous_secret_expires_at: s.previousSecretExpiresAt?.toISOString() ?? null,
      space_ids: s.spaceIds,
      site_ids: s.siteIds,
    }));
    const changed: { id: string; reactivated: boolean }[] = await tx.query(
      `INSERT INTO event_subscriptions (id, organization_id, kind, url, description, event_types, space_ids, site_ids, organization_events, status,
                                        secret, previous_secret, previous_secret_expires_at, cursor, integration_name, installation_id, created_at, updated_at)
       SELECT left(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', ''), 20), r.organization_id, 'integration', r.url, '',
              r.event_types, r.space_ids, r.site_ids, true, 'active', r.secret, r.previous_secret, r.previous_secret_expires_at,
              COALESCE((SELECT q.last_sequence FROM event_sequences q WHERE q.organization_id = r.organization_id), 0),
              r.integration_name, r.installation_id, $2, $2
         FROM jsonb_to_recordset($1::jsonb) AS r(installation_id text, organization_id text, integration_name text, url text, event_types text[],
                                                 secret text, previous_secret text, previous_secret_expires_at timestamptz, space_ids text[], site_ids text[])
       ON CONFLICT (installation_id) DO UPDATE SET
         url = EXCLUDED.url, event_types = EXCLUDED.event_types, space_ids = EXCLUDED.space_ids, site_ids = EXCLUDED.site_ids,
         secret = EXCLUDED.secret, previous_secret = EXCLUDED.previous_secret, previous_secret_expires_at = EXCLUDED.previous_secret_expires_at,
         status = CASE WHEN $3 AND event_subscriptions.status = 'disabled' THEN 'active' ELSE event_subscriptions.status END,
         disabled_at = CASE WHEN $3 THEN NULL ELSE event_subscriptions.disabled_at END,
         disabled_reason = CASE WHEN $3 THEN NULL ELSE event_subscriptions.disabled_reason END,
         updated_at = EXCLUDED.updated_at
       RETURNING id, (xmax <> 0 AND $3) AS reactivated`,
      [JSON.stringify(rows), now, options.reactivate === true],
    );
    const reactivated = changed.filter((row) => row.reactivated).map((row) => row.id);
    if (reactivated.length > 0) {
      await tx.query(
        `UPDATE event_deliveries SET status = 'pending', completed_at = NULL, next_attempt_at = $2, lease_until = NULL, retry_base = attempts, updated_at = $2
          WHERE subscription_id = ANY ($1) AND kind = 'event' AND status = 'failed'`,
        [reactivated, now],
      );
    }
  }

  /**
   * Installations about to be removed: their subscriptions stay to deliver the events written so
   * far in this transaction (emit their `installation_deleted` first), then receive nothing more;
   * their delivery log stays for the integration's events list until retention prunes it.
   */
  async retire(tx: EntityManager, installationIds: string[]): Promise<void> {
    if (installationIds.length === 0) return;
    await tx.query(
      `UPDATE event_subscriptions s SET retire_after_sequence = COALESCE((SELECT q.last_sequence FROM event_sequences q WHERE q.organization_id = s.organization_id), 0), updated_at = $2
        WHERE s.installation_id = ANY ($1) AND s.retire_after_sequence IS NULL`,
      [installationIds, this.clock.now()],
    );
  }
}
