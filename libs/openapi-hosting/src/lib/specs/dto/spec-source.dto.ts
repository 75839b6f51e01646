import { BadRequestException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiSchemaRules, Verbatim } from '@docs/platform';
import { IsString, IsUrl, MaxLength, MinLength, ValidateIf } from 'class-validator';

/** An optional field that may not be null: absent skips the validators beside it. */
export const WhenPresent = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);

/**
 * The reference's OpenAPISpecSource: `{url}` (fetched by the worker) or `{text}` (the spec itself).
 * Exactly one of the two: checked by `specSource` (class-validator skips an absent property's rules).
 */
@ApiSchemaRules({ oneOf: [{ required: ['url'] }, { required: ['text'] }] })
export class SpecSourceDto {
  @ApiPropertyOptional({ format: 'uri', maxLength: 2048, description: 'An http(s) URL the worker fetches the spec from, and fetches again every OPENAPI_REFRESH_INTERVAL.' })
  @WhenPresent()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'source.url must be an absolute http or https URL' })
  url?: string;

  @ApiPropertyOptional({ minLength: 1, description: 'The spec itself, JSON or YAML (one file: it cannot refer to other files).' })
  @Verbatim()
  @WhenPresent()
  @IsString()
  @MinLength(1)
  text?: string;
}

/** The source a body gives: exactly one of url and text, or the 400 that says so. */
export function specSource(source: SpecSourceDto): { url: string; text: null } | { url: null; text: string } {
  if (source.url !== undefined && source.text !== undefined) throw new BadRequestException('source must have url or text, not both.');
  if (source.url !== undefined) return { url: source.url, text: null };
  if (source.text !== undefined) return { url: null, text: source.text };
  throw new BadRequestException('source must have url (a URL to fetch the spec from) or text (the spec itself).');
}
