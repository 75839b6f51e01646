import { randomBase62 } from '@docs/platform';
import type { TestApp } from '@docs/platform/testing';

/** A 32-byte key for INTEGRATION_SECRETS_KEY in tests. */
export const TEST_SECRETS_KEY = 'ab'.repeat(32);

/** A unique integration name. */
export const integrationName = (prefix = 'integration') => `${prefix}-${randomBase62(8).toLowerCase()}`;

/** The smallest valid publish body for `organizationId`. */
export function publishBody(organizationId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { title: 'An integration', description: 'Does things', script: 'export default {}', organization: organizationId, scopes: [], ...overrides };
}

/** Publishes over HTTP as `token` (200 expected); returns the Integration body. */
export async function publishIntegration(
  t: TestApp,
  token: string,
  organizationId: string,
  overrides: Record<string, unknown> = {},
  name = integrationName(),
): Promise<any> {
  const res = await t.http.as(token).post(`/v1/integrations/${name}`, publishBody(organizationId, overrides));
  if (res.status !== 200) throw new Error(`publishIntegration -> ${res.status}: ${res.text}`);
  return res.body;
}
