import type { EventType } from './event-catalog';

/**
 * JSON Schemas of the extension event types' payloads (the reference has none for them), in the
 * reference's style: `BaseEvent` fields plus the type's own. Reference types are judged by the
 * reference's own `Event` schemas. Used by the tests on every delivered payload, and the source of
 * the tables in docs/api-decisions.md.
 */
type Schema = Record<string, unknown>;

const id = { type: 'string', minLength: 1 };
const role = { enum: ['admin', 'create', 'review', 'edit', 'comment', 'read', null] };
const teamRole = { type: 'string', enum: ['owner', 'member'] };

/** Fields every delivered payload carries, whatever its type. */
export const COMMON_EVENT_FIELDS: Schema = {
  eventId: id,
  type: { type: 'string' },
  organizationId: id,
  sequence: { type: 'integer', minimum: 1 },
  createdAt: { type: 'string', format: 'date-time' },
  auth: { type: 'object', required: ['userId'], additionalProperties: false, properties: { userId: id } },
  installationId: id,
  webhookId: id,
};
const COMMON_REQUIRED = ['eventId', 'type', 'organizationId', 'sequence', 'createdAt'];

function event(type: EventType, properties: Schema, required: string[]): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: [...COMMON_REQUIRED, ...required],
    properties: { ...COMMON_EVENT_FIELDS, type: { type: 'string', enum: [type] }, ...properties },
  };
}

const changeRequest = { spaceId: id, changeRequestId: id, number: { type: 'integer', minimum: 1 } };
const changeRequestStatus = { type: 'string', enum: ['draft', 'open', 'archived', 'merged'] };

export const EXTENSION_EVENT_SCHEMAS: Partial<Record<EventType, Schema>> = {
  space_created: event('space_created', { spaceId: id, parentId: { type: ['string', 'null'] }, duplicatedFrom: id }, ['spaceId', 'parentId']),
  space_deleted: event('space_deleted', { spaceId: id }, ['spaceId']),
  space_restored: event('space_restored', { spaceId: id }, ['spaceId']),
  space_purged: event('space_purged', { spaceId: id }, ['spaceId']),
  change_request_opened: event('change_request_opened', { ...changeRequest, status: changeRequestStatus }, ['spaceId', 'changeRequestId', 'number', 'status']),
  change_request_updated: event(
    'change_request_updated',
    {
      ...changeRequest,
      status: changeRequestStatus,
      changes: { type: 'array', minItems: 1, items: { type: 'string', enum: ['subject', 'status', 'content'] } },
      previousStatus: changeRequestStatus,
      revisionId: id,
    },
    ['spaceId', 'changeRequestId', 'number', 'status', 'changes'],
  ),
  change_request_merged: event('change_request_merged', { ...changeRequest, revisionId: id }, ['spaceId', 'changeRequestId', 'number', 'revisionId']),
  change_request_closed: event('change_request_closed', { ...changeRequest, previousStatus: changeRequestStatus }, ['spaceId', 'changeRequestId', 'number', 'previousStatus']),
  comment_posted: event('comment_posted', { spaceId: id, commentId: id, changeRequestId: id, pageId: id }, ['spaceId', 'commentId']),
  comment_replied: event('comment_replied', { spaceId: id, commentId: id, replyId: id, changeRequestId: id }, ['spaceId', 'commentId', 'replyId']),
  comment_resolved: event('comment_resolved', { spaceId: id, commentId: id, changeRequestId: id }, ['spaceId', 'commentId']),
  member_added: event('member_added', { userId: id, role }, ['userId', 'role']),
  member_role_updated: event('member_role_updated', { userId: id, role, previousRole: role }, ['userId', 'role', 'previousRole']),
  member_removed: event('member_removed', { userId: id, previousRole: role }, ['userId', 'previousRole']),
  member_signed_in: event('member_signed_in', { userId: id, method: { type: 'string', enum: ['password', 'saml', 'link'] }, samlProviderId: id }, ['userId', 'method']),
  member_signed_out: event('member_signed_out', { userId: id, everywhere: { type: 'boolean' } }, ['userId', 'everywhere']),
  member_sign_in_failed: event('member_sign_in_failed', { userId: id, reason: { type: 'string', enum: ['password', 'saml'] } }, ['userId', 'reason']),
  member_locked_out: event('member_locked_out', { userId: id, until: { type: 'string', format: 'date-time' } }, ['userId', 'until']),
  member_password_changed: event('member_password_changed', { userId: id }, ['userId']),
  member_token_created: event('member_token_created', { userId: id, tokenId: id, label: { type: 'string' } }, ['userId', 'tokenId', 'label']),
  member_token_revoked: event('member_token_revoked', { userId: id, tokenId: id }, ['userId', 'tokenId']),
  team_created: event('team_created', { teamId: id }, ['teamId']),
  team_deleted: event('team_deleted', { teamId: id }, ['teamId']),
  team_member_added: event('team_member_added', { teamId: id, userId: id, role: teamRole }, ['teamId', 'userId', 'role']),
  team_member_role_updated: event('team_member_role_updated', { teamId: id, userId: id, role: teamRole, previousRole: teamRole }, ['teamId', 'userId', 'role', 'previousRole']),
  team_member_removed: event('team_member_removed', { teamId: id, userId: id }, ['teamId', 'userId']),
  site_published: event('site_published', { siteId: id }, ['siteId']),
  site_unpublished: event('site_unpublished', { siteId: id }, ['siteId']),
  openapi_spec_version_created: event('openapi_spec_version_created', { specId: id, specSlug: id, versionId: id }, ['specId', 'specSlug', 'versionId']),
};

/**
 * What the reference's schema of a reference type does not say, checked besides it: the common
 * fields, and `space_content_updated`'s page lists.
 */
export const REFERENCE_EVENT_EXTRAS: Partial<Record<EventType, Schema>> = {
  space_content_updated: {
    type: 'object',
    required: [...COMMON_REQUIRED, 'previousRevisionId', 'pages'],
    properties: {
      ...COMMON_EVENT_FIELDS,
      previousRevisionId: id,
      pages: {
        type: 'object',
        additionalProperties: false,
        required: ['created', 'updated', 'moved', 'deleted'],
        properties: Object.fromEntries(['created', 'updated', 'moved', 'deleted'].map((kind) => [kind, { type: 'array', items: id }])),
      },
      pagesTruncated: { type: 'boolean' },
    },
  },
};

/** The common fields alone: what a reference type's payload carries besides the reference's own. */
export const COMMON_EVENT_SCHEMA: Schema = { type: 'object', required: COMMON_REQUIRED, properties: COMMON_EVENT_FIELDS };
