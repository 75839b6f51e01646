import { Verbatim, referenceProperty } from '@docs/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '../../validation/when-present.decorator';
import { IsPageDocument, IsPageMarkdown, IsPageTitle, PAGE_TITLE_MAX } from '../../content-writes/dto/page-fields';

/** Body of `POST .../content/reusable-contents` (an extension: the reference cannot write content). */
export class CreateReusableContentDto {
  @ApiProperty({ maxLength: PAGE_TITLE_MAX })
  @IsPageTitle()
  title: string;

  @ApiPropertyOptional({ description: 'The body as markdown. Not with `document`.' })
  @WhenPresent()
  @IsPageMarkdown()
  @Verbatim()
  markdown?: string;

  @ApiPropertyOptional(referenceProperty('JSONDocument', { description: "The body as the reference's JSONDocument. Not with `markdown`." }))
  @WhenPresent()
  @IsPageDocument()
  document?: Record<string, unknown>;
}
