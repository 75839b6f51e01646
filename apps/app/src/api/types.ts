/**
 * The wire types the app reads: the reference's (`@gitbook/api`, types only: nothing of it is
 * bundled), and the project's extensions.
 */
import type { OrganizationMember, OrganizationSAMLProvider, OrganizationTeam, OrganizationTeamMember } from '@gitbook/api';

export type {
  Collection,
  ChangeRequest,
  ChangeRequestReview,
  ChangeRequestRequestedReviewer,
  Comment,
  CommentReply,
  EmojiReaction,
  OrganizationMember,
  RevisionSemanticChange,
  RevisionSemanticChanges,
  JSONDocument,
  Organization,
  RevisionPage,
  RevisionPageDocument,
  RevisionPageGroup,
  SearchPageResult,
  Space,
  User,
} from '@gitbook/api';

export interface ListOf<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** The roles of an organization, most capable first; `null` is a guest. */
export type MemberRole = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read';
export type MemberRoleOrGuest = MemberRole | null;

/** The reference's OrganizationMember, its role as the strings the wire carries. */
export type Member = Omit<OrganizationMember, 'role'> & { role: MemberRoleOrGuest };
export type Team = OrganizationTeam;
export type TeamMember = Omit<OrganizationTeamMember, 'organization' | 'team'> & { organization: Member; team: { role: 'owner' | 'member' } };
export type SamlProvider = Omit<OrganizationSAMLProvider, 'defaultRole' | 'status'> & { defaultRole: MemberRoleOrGuest; status: 'active' | 'pending' };

/** Extension: an invitation not accepted yet (`GET /v1/orgs/{organizationId}/invites`). */
export interface PendingInvitation {
  object: 'invitation';
  id: string;
  email: string;
  userId: string;
  role: MemberRoleOrGuest;
  createdAt: string;
  expiresAt: string;
}

/** Extension: one of the person's own API tokens (`/v1/user/tokens`); `token` only in the answer that made it. */
export interface UserToken {
  object: 'api-token';
  id: string;
  label: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  token?: string;
}
