import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';

/** At most this many users per request: a review request, not a mailing. */
export const MAX_REQUESTED_REVIEWERS = 50;

/** Body of `POST .../change-requests/{id}/requested-reviewers`. */
export class RequestReviewersDto {
  @ApiProperty({ type: [String], minItems: 1, maxItems: MAX_REQUESTED_REVIEWERS, description: 'User ids: members who can review the space.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REQUESTED_REVIEWERS)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(100, { each: true })
  users: string[];

  @ApiPropertyOptional({ maxLength: 100, description: "Also sets the change request's subject." })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  @MaxLength(100)
  subject?: string;
}
