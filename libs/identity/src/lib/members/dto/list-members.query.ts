import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto } from '@docs/platform';
import { MEMBER_ROLES, MemberRole } from '../member-role';

export class ListMembersQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ enum: [...MEMBER_ROLES, 'guest'], description: 'guest: members without a role.' })
  @IsOptional()
  @IsIn([...MEMBER_ROLES, 'guest'])
  role?: MemberRole | 'guest';

  @ApiPropertyOptional({ description: 'Case-insensitive part of the display name or email.', maxLength: 256 })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  search?: string;

  @ApiPropertyOptional({ enum: ['joinedAt', 'lastSeenAt'], default: 'joinedAt', description: 'lastSeenAt lists only members seen at least once.' })
  @IsOptional()
  @IsIn(['joinedAt', 'lastSeenAt'])
  sort?: 'joinedAt' | 'lastSeenAt';
}
