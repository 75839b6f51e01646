import { createCollection, createSpace } from '@docs/content/testing';
import { createOrganization } from '@docs/identity/testing';
import type { TestApp } from '@docs/platform/testing';
import { webhookContract } from '@docs/webhooks/testing';

/**
 * Real objects for the fuzzer's path parameters, so that valid requests reach the code behind
 * the lookups. Made afresh for each operation: a DELETE fuzzed before does not starve the next.
 * A path parameter whose name is not known here gets an id that exists nowhere (a 404 is then
 * the expected answer to valid input): add the names of new resources to reach deeper.
 */
export interface FuzzWorld {
  token: string;
  /** Path parameter name -> an existing id. */
  ids: Record<string, string>;
}

export async function createFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const { organization, members } = await createOrganization(t, { editor: 'edit' });
  const as = t.http.as(members.admin.token);
  const base = `/v1/orgs/${organization.id}`;
  const team = await as.put(`${base}/teams`, { title: 'Fuzz team', members: [members.editor.user.id] });
  const saml = await as.post(`${base}/saml`, { label: 'Fuzz IdP' });
  const collection = await createCollection(t, members.admin.token, organization.id, { title: 'Fuzz collection' });
  const space = await createSpace(t, members.admin.token, organization.id, { title: 'Fuzz space', parent: collection.id });
  // A page and a reusable content, before the change request so that its content has them too.
  const page = await as.post(`/v1/spaces/${space.id}/content/pages`, { title: 'Fuzz page', markdown: 'Fuzz text.' });
  const reusable = await as.post(`/v1/spaces/${space.id}/content/reusable-contents`, { title: 'Fuzz include', markdown: 'Shared text.' });
  // A change request opened by another member, so that the caller (an admin) may review and merge it.
  const changeRequest = await t.http.as(members.editor.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Fuzz change request' });
  const spec = await as.post(`${base}/openapi`, { slug: 'fuzz-spec', source: { text: 'openapi: 3.1.0\ninfo: {title: Fuzz, version: "1"}\npaths: {}\n' } });
  for (const res of [team, saml, page, changeRequest, reusable, spec]) if (res.status !== 201) throw new Error(`fuzz world: ${res.status} ${res.text}`);
  // A comment of the space and a reply to it (the change request's comment routes get this id too: a 404 there).
  const comment = await as.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'Fuzz comment' } });
  const reply = await as.post(`/v1/spaces/${space.id}/comments/${comment.body.id}/replies`, { body: { markdown: 'Fuzz reply' } });
  for (const res of [comment, reply]) if (res.status !== 200) throw new Error(`fuzz world: ${res.status} ${res.text}`);
  // A Git Sync set up (its export queued; no worker runs here), so that its operation and settings exist.
  const gitExport = await as.post(`/v1/spaces/${space.id}/git/export`, { url: 'https://git.example.com/fuzz/docs.git', ref: 'refs/heads/main', commitMessage: 'Fuzz' });
  if (gitExport.status !== 204) throw new Error(`fuzz world: ${gitExport.status} ${gitExport.text}`);
  const webhook = await t.http.as(members.admin.token, { contract: webhookContract }).post(`${base}/webhooks`, { url: 'https://hooks.example.com/fuzz' });
  if (webhook.status !== 201) throw new Error(`fuzz world: ${webhook.status} ${webhook.text}`);
  const ping = await t.http.as(members.admin.token, { contract: webhookContract }).post(`${base}/webhooks/${webhook.body.id}/ping`);
  return {
    token: members.admin.token,
    ids: {
      organizationId: organization.id,
      userId: members.editor.user.id,
      teamId: team.body.id,
      samlProviderId: saml.body.id,
      collectionId: collection.id,
      spaceId: space.id,
      changeRequestId: changeRequest.body.id,
      revisionId: space.revision,
      pageId: page.body.id,
      reusableContentId: reusable.body.id,
      commentId: comment.body.id,
      commentReplyId: reply.body.id,
      operationId: gitExport.headers.location.split('/').pop() as string,
      webhookId: webhook.body.id,
      deliveryId: ping.body.id,
      specSlug: spec.body.slug,
    },
  };
}
