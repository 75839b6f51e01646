import { IdentityCore1795240000000 } from './1795240000000-identity-core';
import { OrganizationAdmin1795245000000 } from './1795245000000-organization-admin';
import { Content1795250000000 } from './1795250000000-content';
import { RateLimitCounters1795252000000 } from './1795252000000-rate-limit-counters';
import { SpaceCounts1795254000000 } from './1795254000000-space-counts';
import { ContentModel1795260000000 } from './1795260000000-content-model';
import { ContentSearchLinks1795265000000 } from './1795265000000-content-search-links';
import { Sites1795270000000 } from './1795270000000-sites';
import { Integrations1795280000000 } from './1795280000000-integrations';
import { ChangeRequests1795290000000 } from './1795290000000-change-requests';
import { ReviewsMergeRules1795300000000 } from './1795300000000-reviews-merge-rules';
import { ReusableContentFollowUps1795310000000 } from './1795310000000-reusable-content-follow-ups';
import { AuthChangedNotifications1795320000000 } from './1795320000000-auth-changed-notifications';
import { Comments1795350000000 } from './1795350000000-comments';
import { JobSchedules1795360000000 } from './1795360000000-job-schedules';
import { OpenapiSpecs1795361000000 } from './1795361000000-openapi-specs';
import { SpacePurge1795362000000 } from './1795362000000-space-purge';
import { PublishedSites1795370000000 } from './1795370000000-published-sites';
import { EventOutbox1795380000000 } from './1795380000000-event-outbox';
import { Webhooks1795381000000 } from './1795381000000-webhooks';
import { IntegrationEvents1795382000000 } from './1795382000000-integration-events';
import { SpaceExportFiles1795390000000 } from './1795390000000-space-export-files';
import { GitSync1795391000000 } from './1795391000000-git-sync';
import { OpenapiSpecsChanged1795410000000 } from './1795410000000-openapi-specs-changed';
import { SpaceTransferFollow1795430000000 } from './1795430000000-space-transfer-follow';
import { PurgeFollow1795431000000 } from './1795431000000-purge-follow';
import { PageImportSources1795440000000 } from './1795440000000-page-import-sources';
import { SignIn1795450000000 } from './1795450000000-sign-in';
import { SamlSignIn1795460000000 } from './1795460000000-saml-sign-in';
import { ContentGrants1795470000000 } from './1795470000000-content-grants';
import { SiteLook1795472000000 } from './1795472000000-site-look';
import { OrganizationWide1795475310000 } from './1795475310000-organization-wide';
import { SiteInsights1795480000000 } from './1795480000000-site-insights';
import { OrganizationSubdomains1795485000000 } from './1795485000000-organization-subdomains';
import { InviteLinksToContent1795486000000 } from './1795486000000-invite-links-to-content';
import { ContentGrantsCovering1795487000000 } from './1795487000000-content-grants-covering';
import { PageSearchMatches1795488000000 } from './1795488000000-page-search-matches';
import { PageSearchMatchesOfSpaces1795489000000 } from './1795489000000-page-search-matches-of-spaces';

/**
 * Every schema change, oldest first. One linear history for all domains keeps cross-domain
 * foreign keys simple; each migration names the domain it serves. Entities must match the
 * result exactly: a test compares them (see schema-drift.spec.ts).
 */
export const MIGRATIONS = [
  IdentityCore1795240000000,
  OrganizationAdmin1795245000000,
  Content1795250000000,
  RateLimitCounters1795252000000,
  SpaceCounts1795254000000,
  ContentModel1795260000000,
  ContentSearchLinks1795265000000,
  Sites1795270000000,
  Integrations1795280000000,
  ChangeRequests1795290000000,
  ReviewsMergeRules1795300000000,
  ReusableContentFollowUps1795310000000,
  AuthChangedNotifications1795320000000,
  Comments1795350000000,
  JobSchedules1795360000000,
  OpenapiSpecs1795361000000,
  SpacePurge1795362000000,
  PublishedSites1795370000000,
  EventOutbox1795380000000,
  Webhooks1795381000000,
  IntegrationEvents1795382000000,
  SpaceExportFiles1795390000000,
  GitSync1795391000000,
  OpenapiSpecsChanged1795410000000,
  SpaceTransferFollow1795430000000,
  PurgeFollow1795431000000,
  PageImportSources1795440000000,
  SignIn1795450000000,
  SamlSignIn1795460000000,
  ContentGrants1795470000000,
  SiteLook1795472000000,
  OrganizationWide1795475310000,
  SiteInsights1795480000000,
  OrganizationSubdomains1795485000000,
  InviteLinksToContent1795486000000,
  ContentGrantsCovering1795487000000,
  PageSearchMatches1795488000000,
  PageSearchMatchesOfSpaces1795489000000,
];
