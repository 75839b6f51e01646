import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional } from 'class-validator';
import { REVIEW_STATUSES, ReviewStatus } from '../change-request-review.entity';
import { MAX_REVIEW_COMMENT } from '../review-comment';

/** Body of `POST .../change-requests/{id}/reviews` (the reference's submitChangeRequestReview). */
export class SubmitReviewDto {
  @ApiProperty({ enum: REVIEW_STATUSES })
  @IsIn(REVIEW_STATUSES)
  status: ReviewStatus;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'object', required: ['markdown'], additionalProperties: false, properties: { markdown: { type: 'string', maxLength: MAX_REVIEW_COMMENT } } },
      { type: 'object', required: ['document'], additionalProperties: false, properties: { document: { type: 'object', description: "The reference's JSONDocument." } } },
      { type: 'object', additionalProperties: false, properties: {} },
    ],
    description: "The reference's Document: `{markdown}`, `{document}` (a JSON document) or `{}` (no comment).",
  })
  @IsOptional()
  @IsObject()
  comment?: Record<string, unknown>;
}
