/**
 * Every event type the platform emits, in one place: its name (the reference's `Event` types, and
 * extension types named in the same style), what it is about (`scope`: which subscriptions may
 * receive it, see docs/api-decisions.md "Events and webhooks"), the reference schema its payload
 * validates against when the reference has one, and the fields of its payload.
 *
 * Domains emit through `EventOutbox.emit(tx, event)` in the transaction of the change; the payload
 * types below are what each emitter passes. A payload never carries content (page bodies,
 * comments' text, secrets): ids and states only, which the organization's admins may read anyway.
 */

export type EventScope = 'organization' | 'space' | 'site';

/** Member roles as the API spells them (null: a guest). */
export type EventMemberRole = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | null;
export type EventContentVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';
export type EventInstallationStatus = 'active' | 'pending' | 'paused';

/** Page ids a content write touched, per kind of change (`space_content_updated`). */
export interface EventPageChanges {
  created: string[];
  updated: string[];
  moved: string[];
  deleted: string[];
}

/** The visitor of a published site (`site_view`, `page_feedback`), as the reference describes it. */
export interface EventVisitor {
  anonymousId: string;
  cookies: Record<string, string>;
  userAgent: string;
  ip: string;
  language?: string;
}

/**
 * The fields of each event type's payload, besides the common ones every event carries
 * (`eventId`, `type`, `organizationId`, `sequence`, `createdAt`, `auth`) and the recipient's
 * `installationId` / `webhookId`, which are added on delivery.
 */
export interface EventPayloads {
  // ---- the reference's Event types ----
  space_content_updated: {
    spaceId: string;
    revisionId: string;
    previousRevisionId: string;
    /** At most MAX_PAGE_IDS ids per kind; `pagesTruncated` when a write touched more. */
    pages: EventPageChanges;
    pagesTruncated?: boolean;
  };
  space_visibility_updated: { spaceId: string; previousVisibility: EventContentVisibility; visibility: EventContentVisibility };
  installation_setup: {
    installationId: string;
    integrationId: string;
    status: EventInstallationStatus;
    previous?: { status: EventInstallationStatus; configuration: Record<string, unknown> };
  };
  installation_deleted: { installationId: string; integrationId: string; previous: { configuration: Record<string, unknown> } };
  space_installation_setup: {
    installationId: string;
    integrationId: string;
    spaceId: string;
    status: EventInstallationStatus;
    previous?: { status: EventInstallationStatus; configuration: Record<string, unknown> };
  };
  space_installation_deleted: { installationId: string; integrationId: string; spaceId: string; previous: { configuration: Record<string, unknown> } };
  site_installation_setup: {
    installationId: string;
    integrationId: string;
    siteId: string;
    status: EventInstallationStatus;
    previous?: { status: EventInstallationStatus; configuration: Record<string, unknown> };
  };
  site_installation_deleted: { installationId: string; integrationId: string; siteId: string; previous: { configuration: Record<string, unknown> } };
  site_view: { siteId: string; siteSpaceId?: string; spaceId?: string; pageId?: string; visitor: EventVisitor; url: string; referrer: string };
  page_feedback: {
    siteId: string;
    spaceId?: string;
    pageId?: string;
    feedback: { rating: 'bad' | 'ok' | 'good'; comment?: string };
    visitor: EventVisitor;
    url: string;
    referrer: string;
  };
  space_gitsync_started: { spaceId: string; revisionId: string; commitId: string };
  space_gitsync_completed: { spaceId: string; state: 'success' | 'failure'; revisionId: string; commitId: string };

  // ---- extension types (docs/api-decisions.md, "Events and webhooks") ----
  space_created: { spaceId: string; parentId: string | null; duplicatedFrom?: string };
  space_deleted: { spaceId: string };
  space_restored: { spaceId: string };
  space_purged: { spaceId: string };
  change_request_opened: { spaceId: string; changeRequestId: string; number: number; status: string };
  change_request_updated: {
    spaceId: string;
    changeRequestId: string;
    number: number;
    status: string;
    /** What changed: its subject, its status, its content (a new revision of the change request). */
    changes: ('subject' | 'status' | 'content')[];
    previousStatus?: string;
    /** The change request's new revision, when its content changed. */
    revisionId?: string;
  };
  change_request_merged: { spaceId: string; changeRequestId: string; number: number; revisionId: string };
  change_request_closed: { spaceId: string; changeRequestId: string; number: number; previousStatus: string };
  comment_posted: { spaceId: string; commentId: string; changeRequestId?: string; pageId?: string };
  comment_replied: { spaceId: string; commentId: string; replyId: string; changeRequestId?: string };
  comment_resolved: { spaceId: string; commentId: string; changeRequestId?: string };
  member_added: { userId: string; role: EventMemberRole };
  member_role_updated: { userId: string; role: EventMemberRole; previousRole: EventMemberRole };
  member_removed: { userId: string; previousRole: EventMemberRole };
  member_signed_in: { userId: string; method: 'password' | 'saml' | 'link'; samlProviderId?: string };
  member_signed_out: { userId: string; everywhere: boolean };
  member_sign_in_failed: { userId: string; reason: 'password' | 'saml' };
  member_locked_out: { userId: string; until: string };
  member_password_changed: { userId: string };
  member_token_created: { userId: string; tokenId: string; label: string };
  member_token_revoked: { userId: string; tokenId: string };
  team_created: { teamId: string };
  team_deleted: { teamId: string };
  team_member_added: { teamId: string; userId: string; role: 'owner' | 'member' };
  team_member_role_updated: { teamId: string; userId: string; role: 'owner' | 'member'; previousRole: 'owner' | 'member' };
  team_member_removed: { teamId: string; userId: string };
  site_published: { siteId: string };
  site_unpublished: { siteId: string };
  openapi_spec_version_created: { specId: string; specSlug: string; versionId: string };
}

export type EventType = keyof EventPayloads;

export interface EventTypeDefinition {
  readonly type: EventType;
  readonly scope: EventScope;
  /** The reference's schema (`components.schemas`) of the payload; absent for extension types. */
  readonly referenceSchema?: string;
  /** The reference requires `installationId` on this type's payload (filled in on delivery). */
  readonly needsInstallationId: boolean;
  /** What emits it (docs and the CLI's listing). */
  readonly emittedBy: string;
}

const reference = (type: EventType, scope: EventScope, referenceSchema: string, emittedBy: string): EventTypeDefinition => ({
  type,
  scope,
  referenceSchema,
  needsInstallationId: true,
  emittedBy,
});
const extension = (type: EventType, scope: EventScope, emittedBy: string): EventTypeDefinition => ({
  type,
  scope,
  needsInstallationId: false,
  emittedBy,
});

/** The catalogue, in the order the documentation lists it. */
export const EVENT_TYPES: readonly EventTypeDefinition[] = Object.freeze([
  reference('space_content_updated', 'space', 'SpaceContentUpdatedEvent', 'every write of a space primary content (a new revision: page writes, imports, files, reusable contents, variables, merges)'),
  reference('space_visibility_updated', 'space', 'SpaceVisibilityUpdatedEvent', "a move, restore or transfer that changes a space's visibility"),
  reference('installation_setup', 'organization', 'InstallationSetupEvent', 'installing an integration, changing an installation'),
  reference('installation_deleted', 'organization', 'InstallationDeletedEvent', 'uninstalling an integration (or unpublishing it with its installations)'),
  reference('space_installation_setup', 'space', 'SpaceInstallationSetupEvent', 'turning an installation on for a space, changing it'),
  reference('space_installation_deleted', 'space', 'SpaceInstallationDeletedEvent', 'turning an installation off for a space'),
  reference('site_installation_setup', 'site', 'SiteInstallationSetupEvent', 'turning an installation on for a site, changing it'),
  reference('site_installation_deleted', 'site', 'SiteInstallationDeletedEvent', 'turning an installation off for a site'),
  reference('site_view', 'site', 'SiteViewEvent', 'a page view of a published site, for sites a subscription may receive it for (the site server, in batches)'),
  reference('page_feedback', 'site', 'PageFeedbackEvent', "a visitor's feedback on a page of a published site (the site server, once it takes feedback)"),
  reference('space_gitsync_started', 'space', 'SpaceGitSyncStartedEvent', "a Git Sync run starts (the worker)"),
  reference('space_gitsync_completed', 'space', 'SpaceGitSyncCompletedEvent', "a Git Sync run ends, with its success or failure (the worker)"),
  extension('space_created', 'space', 'creating or duplicating a space'),
  extension('space_deleted', 'space', 'deleting a space (restorable for 7 days)'),
  extension('space_restored', 'space', 'restoring a deleted space'),
  extension('space_purged', 'space', 'the purge job removing a deleted space for good'),
  extension('change_request_opened', 'space', 'creating a change request'),
  extension('change_request_updated', 'space', "changing a change request's subject or status, or its content"),
  extension('change_request_merged', 'space', 'merging a change request'),
  extension('change_request_closed', 'space', 'archiving a change request'),
  extension('comment_posted', 'space', 'posting a comment on a space or a change request'),
  extension('comment_replied', 'space', 'replying to a comment'),
  extension('comment_resolved', 'space', 'resolving a comment'),
  extension('member_added', 'organization', 'an invitation that adds a member, a person joining through an invite link or their email domain, or a SAML sign-in that makes one just in time'),
  extension('member_role_updated', 'organization', "changing a member's role"),
  extension('member_removed', 'organization', 'removing a member, or a member leaving'),
  extension('member_signed_in', 'organization', "a member signing in (password, SAML or a one-time link): in each of the person's organizations, or the SAML provider's"),
  extension('member_signed_out', 'organization', "a member signing out, or out everywhere: in each of the person's organizations"),
  extension('member_sign_in_failed', 'organization', "a wrong password for a member's address, or a refused SAML response whose signed assertion is about a member of the provider's organization"),
  extension('member_locked_out', 'organization', "the tenth failed sign-in within 15 minutes: the address's sign-in answers 429 until `until`"),
  extension('member_password_changed', 'organization', 'a member setting or changing their password (a one-time link, a session, the CLI)'),
  extension('member_token_created', 'organization', 'a member creating one of their own API tokens (`POST /v1/user/tokens`, the CLI)'),
  extension('member_token_revoked', 'organization', 'a member revoking one of their own API tokens (`DELETE /v1/user/tokens/{tokenId}`, the CLI)'),
  extension('team_created', 'organization', 'creating a team'),
  extension('team_deleted', 'organization', 'deleting a team'),
  extension('team_member_added', 'organization', "adding a member to a team, or a SAML sign-in putting a new member in the provider's default team"),
  extension('team_member_role_updated', 'organization', "changing a team member's role"),
  extension('team_member_removed', 'organization', 'removing a member from a team'),
  extension('site_published', 'site', 'publishing a site'),
  extension('site_unpublished', 'site', 'unpublishing a site'),
  extension('openapi_spec_version_created', 'organization', 'a fetch of an OpenAPI spec that keeps a new version (the worker)'),
]);

const BY_TYPE = new Map<string, EventTypeDefinition>(EVENT_TYPES.map((definition) => [definition.type, definition]));

export function eventTypeDefinition(type: string): EventTypeDefinition | undefined {
  return BY_TYPE.get(type);
}

export function isEventType(type: string): type is EventType {
  return BY_TYPE.has(type);
}

/** Every type name, for DTO enums. */
export const EVENT_TYPE_NAMES: readonly EventType[] = Object.freeze(EVENT_TYPES.map((definition) => definition.type));

/** The types an integration can receive: the reference's (its `IntegrationEvent.payload` is a reference `Event`). */
export const REFERENCE_EVENT_TYPE_NAMES: readonly EventType[] = Object.freeze(EVENT_TYPES.filter((d) => d.referenceSchema).map((d) => d.type));

/** One event as an emitter describes it: its type, its organization, who caused it, its payload. */
export type DomainEvent = {
  [T in EventType]: {
    type: T;
    organizationId: string;
    /** The user whose request made the change (`auth.userId` in the payload); null or absent: the operator, a job. */
    actor?: string | null;
    payload: EventPayloads[T];
  };
}[EventType];

/** Most page ids listed per kind of change in `space_content_updated` (a 9,000-page import lists the first ones). */
export const MAX_PAGE_IDS = 1000;
