import { ApiProperty } from '@nestjs/swagger';
import { MEMBER_ROLES, type MemberRole, TeamDto, UserDto } from '@docs/identity';
import { ListEnvelopeDto } from '@docs/platform';

/** The reference's `UserContentPermission`: a user and their role on a space or collection. */
export class UserContentPermissionDto {
  @ApiProperty({ enum: MEMBER_ROLES }) permission: MemberRole;
  @ApiProperty({ type: UserDto }) user: UserDto;
}

export class UserContentPermissionListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [UserContentPermissionDto] }) items: UserContentPermissionDto[];
}

/** A team and the role granted to it on a space or collection. */
export class TeamContentPermissionDto {
  @ApiProperty({ enum: MEMBER_ROLES }) permission: MemberRole;
  @ApiProperty({ type: TeamDto }) team: TeamDto;
}

export class TeamContentPermissionListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [TeamContentPermissionDto] }) items: TeamContentPermissionDto[];
}
