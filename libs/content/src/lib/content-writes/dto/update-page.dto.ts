import { IsObject } from 'class-validator';
import { ApiSchemaRules, Verbatim, referenceProperty } from '@docs/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { PAGE_TYPES, PageType } from '../../pages/page-node.entity';
import { WhenNotNull, WhenPresent } from '../../validation/when-present.decorator';
import { IsPageDescription, IsPageDocument, IsPageEmoji, IsPageFlag, IsPageHref, IsPageMarkdown, IsPageSlug, IsPageTitle, IsPageType, PAGE_TITLE_MAX } from './page-fields';

/**
 * Body of `PATCH /v1/spaces/{spaceId}/content/page/{pageId}`: absent fields are unchanged. A body is
 * `markdown` or `document`, never both; a `type` given says what else the body may hold, as on
 * create (without one, the page's own type decides, which only the service knows).
 */
@ApiSchemaRules({
  not: { required: ['markdown', 'document'] },
  anyOf: [
    { not: { required: ['type'] } },
    { properties: { type: { enum: ['document'] } }, required: ['type'], not: { required: ['href'] } },
    { properties: { type: { enum: ['group'] } }, required: ['type'], not: { anyOf: [{ required: ['href'] }, { required: ['markdown'] }, { required: ['document'] }, { required: ['variables'] }] } },
    { properties: { type: { enum: ['link'] } }, required: ['type'], not: { anyOf: [{ required: ['markdown'] }, { required: ['document'] }, { required: ['slug'] }, { required: ['variables'] }] } },
  ],
})
export class UpdatePageDto {
  @ApiPropertyOptional({ maxLength: PAGE_TITLE_MAX, description: 'Does not change the slug (links stay valid); send `slug` for that.' })
  @WhenPresent()
  @IsPageTitle()
  title?: string;

  @ApiPropertyOptional({ enum: PAGE_TYPES })
  @WhenPresent()
  @IsPageType()
  type?: PageType;

  @ApiPropertyOptional({ description: 'Replaces the body. Not with `document`.' })
  @WhenPresent()
  @IsPageMarkdown()
  @Verbatim()
  markdown?: string;

  @ApiPropertyOptional(referenceProperty('JSONDocument', { description: 'Replaces the body. Not with `markdown`.' }))
  @WhenPresent()
  @IsPageDocument()
  document?: Record<string, unknown>;

  @ApiPropertyOptional()
  @WhenPresent()
  @IsPageHref()
  href?: string;

  @ApiPropertyOptional({ nullable: true, description: 'null removes it.' })
  @WhenNotNull()
  @IsPageEmoji()
  emoji?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'null removes it.' })
  @WhenNotNull()
  @IsPageDescription()
  description?: string | null;

  @ApiPropertyOptional()
  @WhenPresent()
  @IsPageFlag()
  hidden?: boolean;

  @ApiPropertyOptional()
  @WhenPresent()
  @IsPageFlag()
  noIndex?: boolean;

  @ApiPropertyOptional({ description: '409 if a sibling has it.' })
  @WhenPresent()
  @IsPageSlug()
  slug?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string', maxLength: 256 }, { type: 'number' }, { type: 'boolean' }] },
    description: "The page's own variables (document pages; the reference's `Variables`); replaces the whole map, `{}` removes them.",
  })
  @WhenPresent()
  @IsObject()
  variables?: Record<string, unknown>;
}
