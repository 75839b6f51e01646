import { ApiPropertyOptional } from '@nestjs/swagger';
import { QueryBoolean } from '@docs/platform';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, ValidateIf } from 'class-validator';

/** Query of the PDF exports (the reference's `only` and `page`). */
export class PdfQueryDto {
  @ApiPropertyOptional({ description: 'true: the page named by `page` alone, without its subpages (requires `page`).' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  only?: boolean;

  @ApiPropertyOptional({ description: 'A page id: that page and its subpages (only that page with `only=true`). Absent: the whole content.' })
  @ValidateIf((query: PdfQueryDto) => query.page !== undefined || query.only === true)
  @IsString({ message: 'page must name a page (only=true exports one page)' })
  @IsNotEmpty({ message: 'page must name a page (only=true exports one page)' })
  page?: string;
}
