import { Injectable } from '@nestjs/common';
import { UserPresenter } from '../users/user.presenter';
import type { UserEntity } from '../users/user.entity';
import type { MemberDto } from './member.dto';
import type { MemberEntity } from './member.entity';

export interface MemberCounts {
  spaces: number;
  teams: number;
}

/** MemberEntity (with its user) and its counts -> the reference's `OrganizationMember`. */
@Injectable()
export class MemberPresenter {
  constructor(private readonly users: UserPresenter) {}

  present(member: MemberEntity, counts: MemberCounts): MemberDto {
    return {
      object: 'member',
      id: member.userId,
      role: member.role,
      user: this.users.present(member.user as UserEntity),
      disabled: member.disabled,
      joinedAt: member.joinedAt.toISOString(),
      ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt.toISOString() } : {}),
      sso: member.sso,
      spaces: counts.spaces,
      teams: counts.teams,
    };
  }
}
