import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsRoleOrGuest } from '../is-role-or-guest.decorator';
import { MEMBER_ROLES, MemberRoleOrGuest } from '../member-role';

export class UpdateMemberDto {
  @ApiPropertyOptional({ enum: MEMBER_ROLES, nullable: true, description: 'null makes the member a guest; absent changes nothing.' })
  @IsRoleOrGuest()
  role?: MemberRoleOrGuest;
}
