import { createSpace } from '@docs/content/testing';
import type { TestApp } from '@docs/platform/testing';

/** A site created over HTTP by `token` (201 expected); returns the Site body. */
export async function createSite(t: TestApp, token: string, organizationId: string, body: Record<string, unknown> = {}): Promise<any> {
  const res = await t.http.as(token).post(`/v1/orgs/${organizationId}/sites`, { title: 'Docs', ...body });
  if (res.status !== 201) throw new Error(`createSite -> ${res.status}: ${res.text}`);
  return res.body;
}

/** A site with `count` spaces at its root (created by `token`, an admin); returns the site and the spaces. */
export async function createSiteWithSpaces(t: TestApp, token: string, organizationId: string, count = 1, body: Record<string, unknown> = {}) {
  const spaces = [];
  for (let i = 0; i < count; i++) spaces.push(await createSpace(t, token, organizationId, { title: `Space ${i + 1}` }));
  const site = await createSite(t, token, organizationId, { spaces: spaces.map((s) => s.id), ...body });
  return { site, spaces };
}

/** A section created over HTTP (201 expected). */
export async function createSection(t: TestApp, token: string, base: string, spaceId: string, body: Record<string, unknown> = {}): Promise<any> {
  const res = await t.http.as(token).post(`${base}/sections`, { spaceId, ...body });
  if (res.status !== 201) throw new Error(`createSection -> ${res.status}: ${res.text}`);
  return res.body;
}
