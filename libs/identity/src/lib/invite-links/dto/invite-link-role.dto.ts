import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MEMBER_ROLES, MemberRoleOrGuest } from '../../members/member-role';

/**
 * Body of `createOrganizationInvite` and `updateOrganizationInviteById`: the reference's
 * `CreateInviteToOrganization` (`{role}`, null for guests). Its forms for a space or a collection
 * (`{level, space}`, `{level, collection}`) are refused as unknown fields: see docs/api-decisions.md.
 */
export class InviteLinkRoleDto {
  @ApiProperty({ enum: [...MEMBER_ROLES], nullable: true, description: 'The role of people joining through the link (null: guests).' })
  // Required: `null` (guests) is a value, absent is not.
  @IsIn([...MEMBER_ROLES, null], { message: `role is required: one of ${MEMBER_ROLES.join(', ')} or null` })
  role: MemberRoleOrGuest;
}
