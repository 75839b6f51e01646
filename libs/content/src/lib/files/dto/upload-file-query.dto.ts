import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

/** Query of `POST /v1/spaces/{spaceId}/content/files`. */
export class UploadFileQueryDto {
  @ApiProperty({ maxLength: 255, description: 'The file name, e.g. `logo.png` (no `/`).' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @Matches(/^[^/\\\x00-\x1f]+$/, { message: '$property must not contain slashes or control characters' })
  name: string;
}
