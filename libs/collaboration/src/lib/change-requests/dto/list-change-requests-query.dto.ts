import { ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto } from '@docs/platform';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CHANGE_REQUEST_STATUSES, ChangeRequestStatus } from '../change-request.entity';

/** Query of `GET /v1/spaces/{spaceId}/change-requests`: newest first. */
export class ListChangeRequestsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: CHANGE_REQUEST_STATUSES, default: 'open' })
  @IsOptional()
  @IsIn(CHANGE_REQUEST_STATUSES)
  status?: ChangeRequestStatus;

  @ApiPropertyOptional({ description: 'A user id: change requests this user created or wrote in.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  contributor?: string;

  @ApiPropertyOptional({ description: 'A user id: change requests this user created.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  creator?: string;
}
