import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, ValidateBy } from 'class-validator';

/** A file name: no slash, backslash or control character. */
function isFileName(value: unknown): boolean {
  return typeof value === 'string' && ![...value].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/** Query of `POST /v1/spaces/{spaceId}/content/files`. */
export class UploadFileQueryDto {
  @ApiProperty({ maxLength: 255, description: 'The file name, e.g. `logo.png` (no `/`).' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @ValidateBy({ name: 'isFileName', validator: { validate: isFileName, defaultMessage: () => '$property must not contain slashes or control characters' } })
  name: string;
}
