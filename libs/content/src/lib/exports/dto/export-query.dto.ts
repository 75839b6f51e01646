import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';

export const EXPORT_FORMATS = ['markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Query of the markdown exports: the format (markdown files in GitBook's Git Sync layout, zipped). */
export class ExportQueryDto {
  @ApiProperty({ enum: EXPORT_FORMATS, description: "`markdown`: GitBook's Git Sync layout (README.md, SUMMARY.md, .gitbook.yaml, one file per page, .gitbook/assets, .gitbook/includes), as a zip archive." })
  @IsIn(EXPORT_FORMATS)
  format: ExportFormat;
}

/** The space's export also takes a revision (its current content by default). */
export class SpaceExportQueryDto extends ExportQueryDto {
  @ApiPropertyOptional({ description: "A revision of the space to export; absent: the space's current content." })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  revision?: string;
}
