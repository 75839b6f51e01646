import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import { MemberRoleOrGuest, roleAtLeast } from '../members/member-role';
import type { InviteLinkEntity } from './invite-link.entity';

/** The reference's `InviteLinkToOrganization`, with the extensions docs/api-decisions.md lists. */
export interface InviteLinkDto {
  object: 'invite';
  id: string;
  role: MemberRoleOrGuest;
  redundant: boolean;
  organization: { id: string; title: string };
  createdAt: string;
  expiresAt: string;
  urls: { app: string };
}

/**
 * An invite link as one person sees it. `redundant`: they already hold at least its role (any
 * membership is at least a guest's); `viewer` undefined: they are not a member.
 */
@Injectable()
export class InviteLinkPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(link: InviteLinkEntity, organization: { id: string; title: string }, viewer: { role: MemberRoleOrGuest } | undefined): InviteLinkDto {
    return {
      object: 'invite',
      id: link.id,
      role: link.role,
      redundant: viewer !== undefined && (link.role === null || roleAtLeast(viewer.role, link.role)),
      organization: { id: organization.id, title: organization.title },
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      urls: { app: joinUrl(this.urls, link) },
    };
  }
}

/** Where a person opens the link: the app's join page. */
export function joinUrl(urls: PublicUrls, link: Pick<InviteLinkEntity, 'organizationId' | 'id'>): string {
  return urls.app('join', link.organizationId, link.id);
}
