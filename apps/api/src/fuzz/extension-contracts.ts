import { isPendingInvitationsOperation, isUserTokenPath, pendingInvitationsContract, userTokenContract } from '@docs/identity/testing';
import { translationSettingsContract } from '@docs/integrations/testing';
import type { ResponseContract } from '@docs/platform/testing';
import { isWebhookPath, webhookContract } from '@docs/webhooks/testing';

/**
 * The contract that judges an operation's 2xx bodies where the reference cannot: translation
 * settings (spec/api.md overrides the reference, API-CONVENTIONS) and the extension resources
 * (webhooks, a person's own tokens, the pending invitations). Undefined: the reference's schema of
 * the operation.
 */
export function extensionContract(path: string, method: string): ResponseContract | undefined {
  if (path.startsWith('/v1/orgs/{organizationId}/translations')) return translationSettingsContract;
  if (isWebhookPath(path)) return webhookContract;
  if (isUserTokenPath(path)) return userTokenContract;
  if (isPendingInvitationsOperation(method, path)) return pendingInvitationsContract;
  return undefined;
}
