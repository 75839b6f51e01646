import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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

/** Where a level comes from (as the reference's `UserSitePermission.origin`): the organization, or a space or collection granting it. */
export class PermissionOriginDto {
  @ApiProperty({ enum: ['organization', 'space', 'collection'] }) type: 'organization' | 'space' | 'collection';
  @ApiPropertyOptional() organization?: string;
  @ApiPropertyOptional() space?: string;
  @ApiPropertyOptional() collection?: string;
}

/** A person who can reach a space or collection: `UserContentPermission` with the origin of the level (and the team whose grant it is). */
export class ReachingPersonDto extends UserContentPermissionDto {
  @ApiProperty({ type: PermissionOriginDto, description: "Where the level comes from: the organization role through the default levels, or the grant's space or collection." })
  origin: PermissionOriginDto;

  @ApiPropertyOptional({ description: 'The team whose grant gives the level, when it is a team grant.' })
  team?: string;
}

export class ReachingPersonListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [ReachingPersonDto] }) items: ReachingPersonDto[];
}
