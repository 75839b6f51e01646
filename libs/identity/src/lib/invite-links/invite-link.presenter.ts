import { Injectable } from '@nestjs/common';
import { PublicUrls } from '@docs/platform';
import { MemberRole, MemberRoleOrGuest, roleAtLeast } from '../members/member-role';
import type { InviteLinkEntity } from './invite-link.entity';
import type { PresentedTarget } from './invite-link-targets';

/**
 * The reference's `OrganizationInviteLink`, with the extensions docs/api-decisions.md lists: an
 * `InviteLinkToOrganization` (`role`), or an `InviteLinkToSpace` / `InviteLinkToCollection`
 * (`level` and the space or collection). In lists, whose reference items are
 * `InviteLinkToOrganization` only, a link to a space or collection also has `role: null` (joining
 * makes guests).
 */
export interface InviteLinkDto {
  object: 'invite';
  id: string;
  role?: MemberRoleOrGuest;
  level?: MemberRole;
  space?: object;
  collection?: object;
  redundant: boolean;
  organization: { id: string; title: string };
  createdAt: string;
  expiresAt: string;
  urls: { app: string };
}

/**
 * An invite link as one person sees it. `redundant`: they already hold what it gives (any
 * membership is at least a guest's; for a link to a space or collection, at least its level
 * there); `viewer` undefined: they are not a member. `target`: the link's space or collection as
 * the viewer sees it (links to the organization have none).
 */
@Injectable()
export class InviteLinkPresenter {
  constructor(private readonly urls: PublicUrls) {}

  present(
    link: InviteLinkEntity,
    organization: { id: string; title: string },
    viewer: { role: MemberRoleOrGuest } | undefined,
    target?: PresentedTarget,
    form: 'single' | 'list-item' = 'single',
  ): InviteLinkDto {
    const common = {
      organization: { id: organization.id, title: organization.title },
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      urls: { app: joinUrl(this.urls, link) },
    };
    if (link.level === null) {
      return { object: 'invite', id: link.id, role: link.role, redundant: viewer !== undefined && (link.role === null || roleAtLeast(viewer.role, link.role)), ...common };
    }
    if (!target) throw new Error(`The ${link.spaceId !== null ? 'space' : 'collection'} of invite link ${link.id} was not looked up.`);
    return {
      object: 'invite',
      id: link.id,
      ...(form === 'list-item' ? { role: null } : {}),
      level: link.level,
      ...(link.spaceId !== null ? { space: target.object } : { collection: target.object }),
      redundant: viewer !== undefined && roleAtLeast(target.level, link.level),
      ...common,
    };
  }
}

/** Where a person opens the link: the app's join page. */
export function joinUrl(urls: PublicUrls, link: Pick<InviteLinkEntity, 'organizationId' | 'id'>): string {
  return urls.app('join', link.organizationId, link.id);
}
