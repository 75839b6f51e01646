import { ApiSchemaRules, Verbatim, referenceProperty } from '@docs/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, ValidateNested } from 'class-validator';
import { PAGE_TYPES, PageType } from '../../pages/page-node.entity';
import { WhenNotNull, WhenPresent } from '../../validation/when-present.decorator';
import { IsPageDescription, IsPageDocument, IsPageEmoji, IsPageFlag, IsPageHref, IsPageMarkdown, IsPageSlug, IsPageTitle, IsPageType, PAGE_TITLE_MAX } from './page-fields';
import { PagePositionDto } from './page-position.dto';

/**
 * Body of `POST /v1/spaces/{spaceId}/content/pages` (an extension: the reference cannot write pages).
 * What each type takes, checked by the service and said by `/openapi.json`: a document page (the
 * default) no `href`; a group no body, `href` nor variables; a link its `href`, and no body, slug
 * nor variables. A body is `markdown` or `document`, never both.
 */
@ApiSchemaRules({
  not: { required: ['markdown', 'document'] },
  oneOf: [
    { properties: { type: { enum: ['document'] } }, not: { required: ['href'] } },
    { properties: { type: { enum: ['group'] } }, required: ['type'], not: { anyOf: [{ required: ['href'] }, { required: ['markdown'] }, { required: ['document'] }, { required: ['variables'] }] } },
    { properties: { type: { enum: ['link'] } }, required: ['type', 'href'], not: { anyOf: [{ required: ['markdown'] }, { required: ['document'] }, { required: ['slug'] }, { required: ['variables'] }] } },
  ],
})
export class CreatePageDto {
  @ApiProperty({ maxLength: PAGE_TITLE_MAX })
  @IsPageTitle()
  title: string;

  @ApiPropertyOptional({ enum: PAGE_TYPES, default: 'document', description: 'Groups only at the top level; links need `href`.' })
  @WhenPresent()
  @IsPageType()
  type?: PageType;

  @ApiPropertyOptional({ nullable: true, description: 'The parent page (a document or a group); absent or null: the top level.' })
  @WhenNotNull()
  @IsString()
  parent?: string | null;

  @ApiPropertyOptional({ type: PagePositionDto, description: 'Before or after a sibling; absent: last.' })
  @WhenPresent()
  @ValidateNested()
  @Type(() => PagePositionDto)
  position?: PagePositionDto;

  @ApiPropertyOptional({ description: 'The body as markdown (document pages). Not with `document`.' })
  @WhenPresent()
  @IsPageMarkdown()
  @Verbatim()
  markdown?: string;

  @ApiPropertyOptional(referenceProperty('JSONDocument', { description: "The body as the reference's JSONDocument. Not with `markdown`." }))
  @WhenPresent()
  @IsPageDocument()
  document?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Where a link page points (absolute URL).' })
  @WhenPresent()
  @IsPageHref()
  href?: string;

  @ApiPropertyOptional({ maxLength: 50 })
  @WhenPresent()
  @IsPageEmoji()
  emoji?: string;

  @ApiPropertyOptional({ maxLength: 1024 })
  @WhenPresent()
  @IsPageDescription()
  description?: string;

  @ApiPropertyOptional({ default: false })
  @WhenPresent()
  @IsPageFlag()
  hidden?: boolean;

  @ApiPropertyOptional({ default: false, description: 'Leave the page out of search.' })
  @WhenPresent()
  @IsPageFlag()
  noIndex?: boolean;

  @ApiPropertyOptional({ description: 'Default: derived from the title, made unique among siblings. Given: 409 if a sibling has it.' })
  @WhenPresent()
  @IsPageSlug()
  slug?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string', maxLength: 256 }, { type: 'number' }, { type: 'boolean' }] },
    description: "The page's own variables (document pages; the reference's `Variables`).",
  })
  @WhenPresent()
  @IsObject()
  variables?: Record<string, unknown>;
}
