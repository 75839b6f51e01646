import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MEMBER_ROLES, type MemberRole } from '@docs/identity';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/** The reference's `InviteUsersAndTeams`: a role for some members and/or teams (at least one of the two). */
export class InviteToContentDto {
  @ApiProperty({ enum: MEMBER_ROLES, description: 'The role granted. The reference allows null (a guest); a grant without a role means nothing: 400.' })
  @IsIn([...MEMBER_ROLES], { message: `role must be one of ${MEMBER_ROLES.join(', ')}` })
  role: MemberRole;

  @ApiPropertyOptional({ type: [String], minItems: 1, maxItems: 1000, description: 'Ids of members of the organization.' })
  @ValidateIf((dto: InviteToContentDto) => dto.users !== undefined || dto.teams === undefined)
  @IsArray({ message: 'users or teams must be given (users must be an array of user ids)' })
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  users?: string[];

  @ApiPropertyOptional({ type: [String], minItems: 1, maxItems: 1000, description: 'Ids of teams of the organization.' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  teams?: string[];
}
