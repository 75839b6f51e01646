import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';
import { UserDto } from '../users/user.dto';
import { MEMBER_ROLES } from './member-role';

export class MemberDto {
  @ApiProperty({ enum: ['member'] }) object: 'member';
  @ApiProperty({ description: "The user's id." }) id: string;
  @ApiProperty({ enum: MEMBER_ROLES, nullable: true, description: 'null: a guest.' }) role: string | null;
  @ApiProperty({ type: UserDto }) user: UserDto;
  @ApiProperty() disabled: boolean;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Absent until the member is first seen (POST /ping).' }) lastSeenAt?: string;
  @ApiProperty() sso: boolean;
  @ApiProperty({ type: 'integer', description: 'Spaces this member can open.' }) spaces: number;
  @ApiProperty({ type: 'integer', description: 'Teams this member belongs to.' }) teams: number;
}

export class MemberListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [MemberDto] }) items: MemberDto[];
}

export class PingResultDto {
  @ApiProperty({ description: 'A JWT naming the member and the organization (HS256, one hour).' }) serviceVisitorClaims: string;
  @ApiProperty({ description: 'The same token, under the name the reference client reads.' }) gitbookVisitorClaims: string;
}
