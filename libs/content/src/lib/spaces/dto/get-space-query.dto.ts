import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class GetSpaceQueryDto {
  @ApiPropertyOptional({
    description: 'Key of an active share link: urls.published becomes the URL of the space in that share link\'s site, with the key.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  shareKey?: string;
}
