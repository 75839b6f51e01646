import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';
import { MemberDto } from '../members/member.dto';
import { TEAM_ROLES } from './team-role';

export class TeamPermissionsDto {
  @ApiProperty({ description: "Can manage the team's members (admins and the team's owners)." }) admin: boolean;
  @ApiProperty() view: boolean;
}

export class TeamDto {
  @ApiProperty({ enum: ['team'] }) object: 'team';
  @ApiProperty() id: string;
  @ApiProperty({ minLength: 1, maxLength: 64 }) title: string;
  @ApiProperty({ type: 'integer' }) members: number;
  @ApiProperty({ type: 'integer', description: 'Spaces at least one member of the team can open.' }) spaces: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: TeamPermissionsDto }) permissions: TeamPermissionsDto;
}

export class TeamListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [TeamDto] }) items: TeamDto[];
}

export class TeamMemberPermissionsDto {
  @ApiProperty({ description: "Whether the caller can see this team member." }) view: boolean;
}

export class TeamRoleDto {
  @ApiProperty({ enum: TEAM_ROLES }) role: string;
}

export class TeamMemberDto {
  @ApiProperty({ type: MemberDto }) organization: MemberDto;
  @ApiProperty({ type: TeamRoleDto }) team: TeamRoleDto;
  @ApiProperty({ type: TeamMemberPermissionsDto }) permissions: TeamMemberPermissionsDto;
}

export class TeamMemberListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [TeamMemberDto] }) items: TeamMemberDto[];
}

export class MemberTeamDto {
  @ApiProperty({ type: TeamDto }) team: TeamDto;
  @ApiProperty({ type: TeamRoleDto }) member: TeamRoleDto;
}

export class MemberTeamListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [MemberTeamDto] }) items: MemberTeamDto[];
}
