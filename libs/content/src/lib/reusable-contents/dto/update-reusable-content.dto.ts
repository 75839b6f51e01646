import { Verbatim, referenceProperty } from '@docs/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '../../validation/when-present.decorator';
import { IsPageDocument, IsPageMarkdown, IsPageTitle, PAGE_TITLE_MAX } from '../../content-writes/dto/page-fields';

/** Body of `PATCH .../content/reusable-contents/{reusableContentId}`: absent fields are unchanged. */
export class UpdateReusableContentDto {
  @ApiPropertyOptional({ maxLength: PAGE_TITLE_MAX })
  @WhenPresent()
  @IsPageTitle()
  title?: string;

  @ApiPropertyOptional({ description: 'The new body as markdown. Not with `document`.' })
  @WhenPresent()
  @IsPageMarkdown()
  @Verbatim()
  markdown?: string;

  @ApiPropertyOptional(referenceProperty('JSONDocument', { description: "The new body as the reference's JSONDocument. Not with `markdown`." }))
  @WhenPresent()
  @IsPageDocument()
  document?: Record<string, unknown>;
}
