/** Wire types of the organization-wide views: organization search, change requests across spaces, invite links. */
import type { SearchSpaceResult } from '@gitbook/api';
import type { MemberRoleOrGuest } from './types';

export type { SearchSpaceResult };

/** The reference's `InviteLinkToOrganization`, with the extensions docs/api-decisions.md lists. */
export interface InviteLink {
  object: 'invite';
  id: string;
  role: MemberRoleOrGuest;
  /** The person reading it already holds at least this role. */
  redundant: boolean;
  organization: { id: string; title: string };
  createdAt: string;
  expiresAt: string;
  /** `app`: the join page of the link, what people are given. */
  urls: { app: string };
}
