import { Global, Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { IdentityModule } from '@docs/identity';
import { createOrganization, TestUser } from '@docs/identity/testing';
import { cells, createTestApp, describePermissionTable, PermissionRole, PermissionTable, TestApp } from '@docs/platform/testing';
import { webhookContract } from '../../testing';
import { WebhooksModule } from '../webhooks.module';
import { WebhookSites } from './webhook-sites';

/** No sites here (libs/sites is out of reach): the seam answers none. */
@Global()
@Module({ providers: [{ provide: WebhookSites, useValue: { findSite: async () => null } }], exports: [WebhookSites] })
class NoSitesModule {}

/**
 * docs/permissions.md, "Webhooks and integration events": the webhooks table is generated from this
 * one and every cell is checked over HTTP, role by role (`describePermissionTable`). Each check
 * works on a webhook made for that call by the admin, with one delivery (a ping; no worker runs, so
 * it stays pending). The outsider is an admin of another organization.
 */
type Who = PermissionRole;

interface Fixture {
  t: TestApp;
  organizationId: string;
  users: Record<Who, TestUser>;
}

const as = (f: Fixture, who: Who) => f.t.http.as(f.users[who].token, { contract: webhookContract });
const status = async (response: Promise<{ status: number }>) => (await response).status;

/** A webhook of the organization made by the admin, and a delivery of it. */
async function webhook(f: Fixture) {
  const base = `/v1/orgs/${f.organizationId}/webhooks`;
  const created = await as(f, 'admin').post(base, { url: 'https://receiver.example.com/hooks' });
  const path = `${base}/${created.body.id}`;
  const ping = await as(f, 'admin').post(`${path}/ping`);
  if (created.status !== 201 || ping.status !== 202) throw new Error(`set up: ${created.status}, ${ping.status}`);
  return { path, delivery: `${path}/deliveries/${ping.body.id}` };
}

const ADMINS_ONLY = (ok: number) => cells(ok, 404, 404, 404, 404, 404, 404, 404);

const WEBHOOKS_TABLE: PermissionTable<Fixture> = {
  id: 'webhooks',
  rows: [
    { operation: '`GET /orgs/{id}/webhooks`', cells: cells(200, 403, 403, 403, 403, 403, 403, 404), check: (f, who) => status(as(f, who).get(`/v1/orgs/${f.organizationId}/webhooks`)) },
    {
      operation: '`POST /orgs/{id}/webhooks`',
      cells: cells(201, 403, 403, 403, 403, 403, 403, 404),
      check: (f, who) => status(as(f, who).post(`/v1/orgs/${f.organizationId}/webhooks`, { url: 'https://receiver.example.com/new' })),
    },
    {
      operation: '`GET`, `PATCH /orgs/{id}/webhooks/{webhookId}`; `POST .../secret/rotate`; `GET .../deliveries[/{deliveryId}]`',
      cells: ADMINS_ONLY(200),
      check: async (f, who) => {
        const { path, delivery } = await webhook(f);
        return [
          await status(as(f, who).get(path)),
          await status(as(f, who).patch(path, { description: 'Changed' })),
          await status(as(f, who).post(`${path}/secret/rotate`)),
          await status(as(f, who).get(`${path}/deliveries`)),
          await status(as(f, who).get(delivery)),
        ];
      },
    },
    {
      operation: '`POST .../ping`, `POST .../deliveries/{deliveryId}/redeliver`',
      cells: ADMINS_ONLY(202),
      check: async (f, who) => {
        const { path, delivery } = await webhook(f);
        return [await status(as(f, who).post(`${path}/ping`)), await status(as(f, who).post(`${delivery}/redeliver`))];
      },
    },
    { operation: '`DELETE /orgs/{id}/webhooks/{webhookId}`', cells: ADMINS_ONLY(204), check: async (f, who) => status(as(f, who).delete((await webhook(f)).path)) },
  ],
};

describe('webhook permissions over HTTP (docs/permissions.md, "Webhooks and integration events")', () => {
  let f: Fixture;

  beforeAll(async () => {
    const t = await createTestApp({ imports: [IdentityModule, ContentModule, WebhooksModule, NoSitesModule] });
    const org = await createOrganization(t, { create: 'create', review: 'review', edit: 'edit', comment: 'comment', read: 'read', guest: null });
    const other = await createOrganization(t);
    f = { t, organizationId: org.organization.id, users: { ...org.members, outsider: other.members.admin } };
  });
  afterAll(() => f.t.close());

  describePermissionTable(WEBHOOKS_TABLE, () => f);
});
