import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { FILE_SOURCES, FileSource } from '../import-sources';

/**
 * Query of an import whose request body is the file itself (`Content-Type: application/zip`,
 * `text/markdown`, `text/html`, the docx type, or `application/octet-stream` with `source`).
 */
export class ImportBodyQueryDto {
  @ApiPropertyOptional({ enum: FILE_SOURCES, description: 'What the body is; by default told by its Content-Type (required with application/octet-stream).' })
  @IsOptional()
  @IsIn(FILE_SOURCES)
  source?: FileSource;

  @ApiPropertyOptional({ maxLength: 255, description: 'The file name the body had, e.g. `guide.md`: the title of a page without a heading.' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;
}
