import { createHash } from 'node:crypto';
import { createSpace } from '@docs/content/testing';
import type { TestApp } from '@docs/platform/testing';

/** Bytes uploaded to several spaces (the same blob row): a purge of one must keep it. */
export const SHARED_FILE = Buffer.from('the same bytes in every space\n');
export const SHARED_FILE_HASH = createHash('sha256').update(SHARED_FILE).digest('hex');
/** A page body written in several spaces (the same document blob). */
export const SHARED_MARKDOWN = 'The same words in every space.';

export interface SeededSpace {
  id: string;
  changeRequestIds: string[];
  pageIds: string[];
  /** The page whose body is SHARED_MARKDOWN. */
  sharedPageId: string;
}

/** Does the api serve this route (another branch's feature, e.g. comments)? */
function serves(t: TestApp, method: string, path: string): boolean {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } };
  return express.router.stack.some((layer) => layer.route?.path === path && layer.route.methods[method]);
}

function ok(res: { status: number; text: string }, what: string): void {
  if (res.status >= 300) throw new Error(`${what} -> ${res.status}: ${res.text}`);
}

/**
 * A space with something of every kind that belongs to a space: pages (a tree, links between
 * them and to `linkTo`'s page in another space), files (one unique, one shared), a reusable
 * content, variables, a change request with its own edits, a review and a requested reviewer, a
 * site that publishes it, an integration installed on it, and comments when the api has them.
 * Every text it writes carries `marker`, so no row of it can hide from a search for the marker.
 */
export async function seedSpace(
  t: TestApp,
  options: { organizationId: string; admin: { token: string; user: { id: string } }; editor: { token: string }; marker: string; integration: string; linkTo?: { spaceId: string; pageId: string }; parent?: string },
): Promise<SeededSpace> {
  const { organizationId, admin, editor, marker } = options;
  const as = t.http.as(admin.token);
  const space = await createSpace(t, admin.token, organizationId, { title: `Space ${marker}`.slice(0, 50), ...(options.parent ? { parent: options.parent } : {}) });
  const sp = `/v1/spaces/${space.id}`;
  const page = async (base: string, body: Record<string, unknown>) => {
    const res = await t.http.as(admin.token).post(`${base}/content/pages`, body);
    ok(res, 'page');
    return res.body as { id: string };
  };
  const guide = await page(sp, { title: 'Guide', markdown: `# Guide ${marker}\n\nRead [install](install.md) first.` });
  const install = await page(sp, { title: 'Install', parent: guide.id, markdown: `Install ${marker}.\n\n## Steps\n\nRun it.` });
  const outside = options.linkTo ? ` and [elsewhere](ref:space/${options.linkTo.spaceId}/page/${options.linkTo.pageId})` : '';
  await page(sp, { title: 'Links', markdown: `Back to [the guide](ref:page/${guide.id})${outside}, and [out](https://example.com/${marker}).` });
  const sharedPage = await page(sp, { title: 'Shared words', markdown: SHARED_MARKDOWN });
  // Pages later deleted or edited: older revisions keep nodes the current tree no longer has.
  const gone = await page(sp, { title: 'Gone', markdown: `Soon gone ${marker}.` });
  ok(await as.delete(`${sp}/content/page/${gone.id}`), 'delete page');
  ok(await as.patch(`${sp}/content/page/${install.id}`, { markdown: `Install ${marker}, edited.` }), 'edit page');

  const upload = (base: string, name: string, bytes: Buffer) => as.post(`${base}/content/files`, undefined, { query: { name }, raw: bytes, headers: { 'Content-Type': 'text/plain' } });
  ok(await upload(sp, 'unique.txt', Buffer.from(`only in ${marker}\n`)), 'unique file');
  ok(await upload(sp, 'shared.txt', SHARED_FILE), 'shared file');
  const reusable = await as.post(`${sp}/content/reusable-contents`, { title: 'Support', markdown: `Write to ${marker}@example.com.` });
  ok(reusable, 'reusable content');
  ok(await as.put(`${sp}/content/variables`, { variables: { product: marker, version: 2 } }), 'variables');

  // A change request by the editor, with edits of its own, reviewed by the admin.
  const cr = await t.http.as(editor.token).post(`${sp}/change-requests`, { subject: `Change ${marker}`.slice(0, 100) });
  ok(cr, 'change request');
  const crBase = `${sp}/change-requests/${cr.body.id}`;
  ok(await t.http.as(editor.token).patch(`${crBase}/content/page/${guide.id}`, { markdown: `# Guide ${marker}\n\nProposed change.` }), 'change request edit');
  ok(await t.http.as(editor.token).post(`${crBase}/content/pages`, { title: 'Proposed', markdown: `New in the change request ${marker}.` }), 'change request page');
  ok(await t.http.as(editor.token).post(`${crBase}/content/files`, undefined, { query: { name: 'proposal.txt' }, raw: Buffer.from(`proposal ${marker}\n`), headers: { 'Content-Type': 'text/plain' } }), 'change request file');
  ok(await t.http.as(editor.token).patch(crBase, { status: 'open' }), 'open');
  ok(await t.http.as(editor.token).post(`${crBase}/requested-reviewers`, { users: [admin.user.id] }), 'request review');
  ok(await as.post(`${crBase}/reviews`, { status: 'changes-requested', comment: { markdown: `Not yet ${marker}.` } }), 'review');

  // Published on a site, and an integration installed on it.
  ok(await as.post(`/v1/orgs/${organizationId}/sites`, { title: 'Docs site', spaces: [space.id] }), 'site');
  const installation = await as.post(`/v1/integrations/${options.integration}/installations`, { organization: organizationId });
  const installationId = installation.status === 201 ? installation.body.id : (await as.get(`/v1/integrations/${options.integration}/installations`)).body.items[0].id;
  ok(await as.post(`/v1/integrations/${options.integration}/installations/${installationId}/spaces`, { space: space.id }), 'space installation');

  // Comments (issue 19) when this api has them.
  if (serves(t, 'post', '/v1/spaces/:spaceId/comments')) {
    const comment = await as.post(`${sp}/comments`, { page: guide.id, body: { markdown: `Comment ${marker}` } });
    ok(comment, 'comment');
    ok(await as.post(`${sp}/comments/${comment.body.id}/replies`, { body: { markdown: `Reply ${marker}` } }), 'reply');
    ok(await as.post(`${crBase}/comments`, { body: { markdown: `Change request comment ${marker}` } }), 'change request comment');
  }
  const pages = await t.http.as(admin.token).get(`${sp}/content/pages`);
  const ids: string[] = [];
  const walk = (items: { id: string; pages?: unknown[] }[]) => items.forEach((item) => (ids.push(item.id), walk((item.pages ?? []) as never)));
  walk(pages.body.pages);
  return { id: space.id, changeRequestIds: [cr.body.id], pageIds: ids, sharedPageId: sharedPage.id };
}
