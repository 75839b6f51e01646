/**
 * The wire types of the organization's and the space's administration screens: the reference's
 * (`@gitbook/api`, types only) and the project's extensions (webhooks, Git Sync settings and
 * operations' extra fields), as docs/api-decisions.md describes them.
 */
import type { GitSyncState } from '@gitbook/api';

export type { GitSyncState, ImportContentResult, OpenAPISpecContent, OpenAPISpecVersion } from '@gitbook/api';

/** The reference's OpenAPISpec, its enums as their strings. */
export interface OpenApiSpec {
  object: 'openapi-spec';
  id: string;
  createdAt: string;
  updatedAt: string;
  slug: string;
  sourceURL?: string;
  processingState: 'pending' | 'progress' | 'complete';
  visibility?: 'private' | 'public';
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';
  lastProcessedErrors?: { message: string; code?: string }[];
  permissions: { view: boolean; edit: boolean };
  urls: { location: string; app: string; published?: string };
}

export type WebhookStatus = 'active' | 'paused' | 'disabled';

export interface Webhook {
  object: 'webhook';
  id: string;
  url: string;
  description: string;
  events: string[];
  spaces: string[];
  sites: string[];
  status: WebhookStatus;
  disabled: { at: string; reason: string } | null;
  createdAt: string;
  updatedAt: string;
  urls: { location: string; deliveries: string };
}

/** The answers of create and rotate: the only times the signing secret is shown. */
export interface WebhookWithSecret extends Webhook {
  secret: string;
}

export type AttemptOutcome = 'succeeded' | 'http_error' | 'redirect' | 'timeout' | 'network' | 'refused' | 'interrupted';

export interface DeliveryAttempt {
  number: number;
  url: string;
  startedAt: string;
  durationMs: number | null;
  outcome: AttemptOutcome | null;
  statusCode: number | null;
  error: string | null;
  response: string | null;
}

export interface Delivery {
  object: 'webhook-delivery';
  id: string;
  webhookId: string;
  kind: 'event' | 'redelivery' | 'ping';
  event: { id: string; type: string; sequence: number } | null;
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: string | null;
  attempts: DeliveryAttempt[];
  createdAt: string;
  completedAt: string | null;
  urls: { location: string };
}

/** The reference's GitSyncOperation (its enums as their strings) with what this server records besides. */
export interface GitSyncOperation {
  id: string;
  state: 'running' | 'failure' | 'success';
  direction: 'import' | 'export';
  stage: string;
  dispatchedTasks: number;
  completedTasks: number;
  startedAt: string;
  updatedAt: string;
  completedAt?: string;
  error?: string;
  errorCode?: string;
  queued: boolean;
  url: string;
  ref: string;
  repoProjectDirectory: string;
  commit?: { oid: string; message: string; createdByGitBook: boolean; url?: string; ref?: string };
  revision?: string;
  changeRequest?: string;
  standalone: boolean;
  createdBy?: string;
}

/** `GET /v1/spaces/{spaceId}/git/settings` (an extension; 404 while the space has no Git Sync). */
export interface GitSyncSettings {
  url: string;
  ref: string;
  repoProjectDirectory: string;
  hasCredentials: boolean;
  exportOnMerge: boolean;
  lastCommit?: string;
  lastRevision?: string;
  lastSyncedAt?: string;
  gitSync: GitSyncState;
}
