import { ApiProperty } from '@nestjs/swagger';
import { ListQueryDto } from '@docs/platform';
import { IsString, MaxLength } from 'class-validator';

export const MAX_SEARCH_QUERY_LENGTH = 512;

/** `GET /v1/spaces/{spaceId}/search`: `query` (required, at most 512 characters), `page`, `limit`. */
export class SearchQueryDto extends ListQueryDto {
  @ApiProperty({ maxLength: MAX_SEARCH_QUERY_LENGTH, description: 'Words to find; every word is required, the last one also matches as a prefix.' })
  @IsString()
  @MaxLength(MAX_SEARCH_QUERY_LENGTH)
  query: string;
}
