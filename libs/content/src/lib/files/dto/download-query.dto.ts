import { ApiProperty } from '@nestjs/swagger';
import { Verbatim } from '@docs/platform';
import { IsString, Matches } from 'class-validator';

/** The query of a `downloadURL` (`/downloads/{hash}`): the signed parts, kept exactly as sent. */
export class DownloadQueryDto {
  @ApiProperty({ description: "The file's name, as signed." })
  @Verbatim()
  @IsString()
  name: string;

  @ApiProperty({ description: "The file's content type, as signed." })
  @Verbatim()
  @IsString()
  type: string;

  @ApiProperty({ description: 'Seconds since the epoch after which the URL no longer works.' })
  @Verbatim()
  @IsString()
  @Matches(/^\d{1,12}$/, { message: '$property must be seconds since the epoch (digits)' })
  expires: string;

  @ApiProperty({ description: 'The HMAC signature of the other parts.' })
  @Verbatim()
  @IsString()
  signature: string;
}
