import { IdentityCore1795240000000 } from './1795240000000-identity-core';
import { OrganizationAdmin1795245000000 } from './1795245000000-organization-admin';
import { Content1795250000000 } from './1795250000000-content';
import { ContentModel1795260000000 } from './1795260000000-content-model';
import { ContentSearchLinks1795265000000 } from './1795265000000-content-search-links';
import { ChangeRequests1795290000000 } from './1795290000000-change-requests';

/**
 * Every schema change, oldest first. One linear history for all domains keeps cross-domain
 * foreign keys simple; each migration names the domain it serves. Entities must match the
 * result exactly: a test compares them (see schema-drift.spec.ts).
 */
export const MIGRATIONS = [IdentityCore1795240000000, OrganizationAdmin1795245000000, Content1795250000000, ContentModel1795260000000, ContentSearchLinks1795265000000, ChangeRequests1795290000000];
