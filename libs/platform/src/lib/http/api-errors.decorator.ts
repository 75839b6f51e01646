import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';

export class ErrorDetailDto {
  @ApiProperty({ type: 'integer', example: 404 }) code: number;
  @ApiProperty({ example: 'No space has the id x.' }) message: string;
}

export class ErrorResponseDto {
  @ApiProperty({ type: ErrorDetailDto }) error: ErrorDetailDto;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; the message names the field.',
  401: 'Missing, malformed, unknown or revoked API token, or an ended session.',
  403: 'Your role does not allow this.',
  404: 'No such resource, or one you may not see.',
  409: 'Conflicts with the current state.',
  429: 'Rate limit exceeded; see Retry-After.',
};

/** Documents the error answers of an operation in the project's OpenAPI document. */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...[401, 429, ...statuses].map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: ErrorResponseDto }),
    ),
  );
}
