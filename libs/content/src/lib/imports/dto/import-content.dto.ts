import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { IMPORT_SOURCES, ImportSource } from '../import-sources';

/** Body of the content imports: the reference's `ImportContent`. */
export class ImportContentDto {
  @ApiProperty({
    format: 'uri',
    description: 'Where the content is: an http(s) URL fetched by the server (private addresses refused unless FETCH_ALLOW_HOSTS allows them), or a base64 `data:` URL carrying the file itself (up to IMPORT_MAX_BYTES).',
  })
  @IsString()
  @Matches(/^(https?:\/\/|data:)/i, { message: 'url must be an http, https or data: URL' })
  url!: string;

  @ApiProperty({ enum: IMPORT_SOURCES, description: '`confluence`, `github-wiki`, `notion` and `google-docs` are refused (400): they need accounts at other services.' })
  @IsIn(IMPORT_SOURCES)
  source!: ImportSource;
}

/** The reference's `ImportContentResult`. */
export class ImportContentResultDto {
  @ApiProperty({ description: 'The revision the import made.' })
  revision!: string;

  @ApiProperty({ description: 'Pages and files written.' })
  importedResources!: number;

  @ApiProperty({ description: 'Resources the source held that were processed.' })
  totalResources!: number;
}
