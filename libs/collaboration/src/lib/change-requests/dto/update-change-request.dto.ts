import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { SETTABLE_STATUSES, SettableStatus } from '../status-moves';

/** Body of `PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}`. */
export class UpdateChangeRequestDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  subject?: string;

  @ApiPropertyOptional({ enum: SETTABLE_STATUSES, description: 'draft <-> open, draft/open -> archived, archived -> open; merged is final.' })
  @IsOptional()
  @IsIn(SETTABLE_STATUSES)
  status?: SettableStatus;
}
