import type { TestApp } from '@docs/platform/testing';

/** A space created over HTTP by `token` (201 expected); returns the Space body. */
export async function createSpace(t: TestApp, token: string, organizationId: string, body: Record<string, unknown> = {}): Promise<any> {
  const res = await t.http.as(token).post(`/v1/orgs/${organizationId}/spaces`, { title: 'A space', ...body });
  if (res.status !== 201) throw new Error(`createSpace -> ${res.status}: ${res.text}`);
  return res.body;
}

/** A collection created over HTTP by `token` (201 expected); returns the Collection body. */
export async function createCollection(
  t: TestApp,
  token: string,
  organizationId: string,
  body: Record<string, unknown> = {},
): Promise<any> {
  const res = await t.http.as(token).post(`/v1/orgs/${organizationId}/collections`, { title: 'A collection', ...body });
  if (res.status !== 201) throw new Error(`createCollection -> ${res.status}: ${res.text}`);
  return res.body;
}

/** Sets the default level of a space or collection over HTTP as `token` (an admin). */
export async function setDefaultLevel(
  t: TestApp,
  token: string,
  target: { object: 'space' | 'collection'; id: string },
  defaultLevel: string | null,
): Promise<void> {
  const path = target.object === 'space' ? `/v1/spaces/${target.id}` : `/v1/collections/${target.id}`;
  const res = await t.http.as(token).patch(path, { defaultLevel });
  if (res.status !== 200) throw new Error(`setDefaultLevel -> ${res.status}: ${res.text}`);
}

/** Ids of a list's items, every page. */
export async function listIds(t: TestApp, token: string, path: string, query: Record<string, string | number | boolean> = {}): Promise<string[]> {
  return (await t.http.as(token).all<{ id: string }>(path, query)).map((item) => item.id);
}
