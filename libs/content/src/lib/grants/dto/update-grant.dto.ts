import { ApiProperty } from '@nestjs/swagger';
import { MEMBER_ROLES, type MemberRole } from '@docs/identity';
import { IsIn } from 'class-validator';

/** The body of update{User,Team}PermissionIn{Space,Collection}: the role to grant. */
export class UpdateGrantDto {
  @ApiProperty({ enum: MEMBER_ROLES, description: 'The role granted. null (allowed by the reference) is a 400: remove a grant with DELETE.' })
  @IsIn([...MEMBER_ROLES], { message: `role must be one of ${MEMBER_ROLES.join(', ')} (remove a grant with DELETE)` })
  role: MemberRole;
}
