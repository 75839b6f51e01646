import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class GetSpaceQueryDto {
  @ApiPropertyOptional({
    description: 'Share key of a share-link site, to resolve published URLs. Accepted; it changes nothing until sites and share links exist.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  shareKey?: string;
}
