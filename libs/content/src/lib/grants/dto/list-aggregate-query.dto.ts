import { ApiPropertyOptional } from '@nestjs/swagger';
import { MEMBER_ROLES, type MemberRole } from '@docs/identity';
import { ListQueryDto } from '@docs/platform';
import { IsIn, IsOptional } from 'class-validator';

/** listPermissionsAggregateIn{Space,Collection}: the page, and `role` to keep only the people with that level. */
export class ListAggregateQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: MEMBER_ROLES, description: 'Only the people whose effective level is this role.' })
  @IsOptional()
  @IsIn([...MEMBER_ROLES], { message: `role must be one of ${MEMBER_ROLES.join(', ')}` })
  role?: MemberRole;
}
