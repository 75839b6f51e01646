import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/**
 * A file name: no slash, backslash or control character (the pattern `/openapi.json` states).
 * It is trimmed first, so it starts and ends with something other than whitespace.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
export const FILE_NAME_PATTERN = /^[^\s/\\\u0000-\u001f\u007f](?:[^/\\\u0000-\u001f\u007f]*[^\s/\\\u0000-\u001f\u007f])?$/;

/** Query of `POST /v1/spaces/{spaceId}/content/files`. */
export class UploadFileQueryDto {
  @ApiProperty({ maxLength: 255, description: 'The file name, e.g. `logo.png` (no `/`).' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @Matches(FILE_NAME_PATTERN, { message: '$property must not contain slashes or control characters' })
  name: string;
}
