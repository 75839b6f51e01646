import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsIn, IsNotEmpty, IsObject, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { PAGE_TYPES } from '../../pages/page-node.entity';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../pages/page-slugs';

/** Bounds of the page fields, shared by create and update. */
export const PAGE_TITLE_MAX = 256;
export const PAGE_DESCRIPTION_MAX = 1024;
export const PAGE_EMOJI_MAX = 50;
export const PAGE_HREF_MAX = 2048;

export const IsPageTitle = () => applyDecorators(IsString(), IsNotEmpty(), MaxLength(PAGE_TITLE_MAX));
export const IsPageType = () => IsIn(PAGE_TYPES);
export const IsPageSlug = () =>
  applyDecorators(
    IsString(),
    MaxLength(SLUG_MAX_LENGTH),
    Matches(SLUG_PATTERN, { message: '$property must be lower-case letters and digits separated by single dashes' }),
  );
export const IsPageEmoji = () => applyDecorators(IsString(), MaxLength(PAGE_EMOJI_MAX));
export const IsPageDescription = () => applyDecorators(IsString(), MaxLength(PAGE_DESCRIPTION_MAX));
export const IsPageHref = () =>
  applyDecorators(
    IsString(),
    MaxLength(PAGE_HREF_MAX),
    IsUrl({ protocols: ['http', 'https', 'mailto'], require_protocol: true, require_tld: false }, { message: '$property must be an absolute http(s) or mailto URL' }),
  );
export const IsPageMarkdown = () => IsString();
export const IsPageDocument = () => IsObject();
export const IsPageFlag = () => IsBoolean();
