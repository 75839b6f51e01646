import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Body of `POST /v1/spaces/{spaceId}/change-requests`. */
export class CreateChangeRequestDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'Empty when absent.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  subject?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'Accepted for compatibility with the reference; agent tasks do not exist here, so it is not stored.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  agentTaskId?: string;
}
