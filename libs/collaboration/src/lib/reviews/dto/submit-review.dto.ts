import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import { REVIEW_STATUSES, ReviewStatus } from '../change-request-review.entity';

/** Body of `POST .../change-requests/{id}/reviews` (the reference's submitChangeRequestReview). */
export class SubmitReviewDto {
  @ApiProperty({ enum: REVIEW_STATUSES })
  @IsIn(REVIEW_STATUSES)
  status: ReviewStatus;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "The reference's Document: `{markdown}`, `{document}` (a JSON document) or `{}` (no comment).",
  })
  @IsOptional()
  @IsObject()
  comment?: Record<string, unknown>;
}
