import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsObject,
  IsString,
  IsUrl,
  MaxLength,
  MinLength,
  registerDecorator,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { REFERENCE_EVENT_TYPE_NAMES } from '@docs/platform';
import { isAcceptableSecret } from '@docs/webhooks';
import { CONFIGURATIONS_OPENAPI_SCHEMA, configurationsProblems } from '../configuration-schema';
import {
  INTEGRATION_CATEGORIES,
  INTEGRATION_RUNTIMES,
  INTEGRATION_SCOPES,
  INTEGRATION_TARGETS,
  INTEGRATION_VISIBILITIES,
  IntegrationConfigurations,
  IntegrationRuntime,
  IntegrationTarget,
  IntegrationVisibility,
} from '../integration-values';

/** Bounds the reference leaves open, chosen here (docs/api-decisions.md). */
export const PUBLISH_BOUNDS = {
  blocks: 50,
  contentSources: 50,
  urlUnfurl: 20,
  secrets: 20,
  secretName: 100,
  secretValue: 10_000,
  contentSecurityPolicy: 4096,
};

const CSP_DIRECTIVES = [
  'base-uri', 'block-all-mixed-content', 'child-src', 'connect-src', 'default-src', 'font-src', 'form-action',
  'frame-ancestors', 'frame-src', 'img-src', 'manifest-src', 'media-src', 'navigate-to', 'object-src', 'plugin-types',
  'prefetch-src', 'referrer', 'report-to', 'report-uri', 'require-sri-for', 'require-trusted-types-for', 'sandbox',
  'script-src', 'script-src-attr', 'script-src-elem', 'style-src', 'style-src-attr', 'style-src-elem', 'trusted-types',
  'upgrade-insecure-requests', 'worker-src',
];

/** A custom check whose `problem` returns the message (naming the field) or undefined when valid. */
function Checked(name: string, problem: (value: unknown) => string | undefined): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => problem(value) === undefined,
        defaultMessage: (args?: ValidationArguments) => problem(args?.value) ?? '',
      },
    });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function secretsProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'secrets must be an object of strings';
  const entries = Object.entries(value);
  if (entries.length > PUBLISH_BOUNDS.secrets) return `secrets must have at most ${PUBLISH_BOUNDS.secrets} entries`;
  for (const [name, secret] of entries) {
    if (name.length === 0 || name.length > PUBLISH_BOUNDS.secretName) return `secrets: names must be 1 to ${PUBLISH_BOUNDS.secretName} characters`;
    if (typeof secret !== 'string') return `secrets.${name} must be a string`;
    if (secret.length > PUBLISH_BOUNDS.secretValue) return `secrets.${name} must be at most ${PUBLISH_BOUNDS.secretValue} characters`;
  }
  return undefined;
}

function contentSecurityPolicyProblem(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value.length > PUBLISH_BOUNDS.contentSecurityPolicy ? `contentSecurityPolicy must be at most ${PUBLISH_BOUNDS.contentSecurityPolicy} characters` : undefined;
  }
  if (!isPlainObject(value)) return 'contentSecurityPolicy must be a string or an object of directives';
  for (const [directive, source] of Object.entries(value)) {
    if (!CSP_DIRECTIVES.includes(directive)) return `property contentSecurityPolicy.${directive} should not exist`;
    if (typeof source !== 'string' || source.length > PUBLISH_BOUNDS.contentSecurityPolicy) {
      return `contentSecurityPolicy.${directive} must be a string of at most ${PUBLISH_BOUNDS.contentSecurityPolicy} characters`;
    }
  }
  return undefined;
}

class BlockMarkdownDto {
  @ApiProperty({ description: 'Code block syntax that identifies the block.' }) @IsString() @MinLength(1) @MaxLength(100) codeblock: string;
  @ApiProperty({ description: 'Property used as the body of the code block.' }) @IsString() @MinLength(1) @MaxLength(100) body: string;
}

export class IntegrationBlockDto {
  @ApiProperty({ maxLength: 100 }) @IsString() @MinLength(1) @MaxLength(100) id: string;
  @ApiProperty({ minLength: 2, maxLength: 40 }) @IsString() @MinLength(2) @MaxLength(40) title: string;
  @ApiPropertyOptional({ maxLength: 150 }) @WhenPresent() @IsString() @MaxLength(150) description?: string;
  @ApiPropertyOptional({ maxLength: 2048 }) @WhenPresent() @IsString() @MaxLength(2048) icon?: string;

  @ApiPropertyOptional({ type: [String], description: 'URL patterns this block unfurls; their hosts feed the blockDomain filter.' })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(PUBLISH_BOUNDS.urlUnfurl)
  @IsString({ each: true })
  @MaxLength(512, { each: true })
  urlUnfurl?: string[];

  @ApiPropertyOptional({ type: BlockMarkdownDto }) @WhenPresent() @ValidateNested() @Type(() => BlockMarkdownDto) markdown?: BlockMarkdownDto;
}

class ConfigurationComponentDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(100) componentId: string;
}

export class IntegrationContentSourceDto {
  @ApiProperty({ maxLength: 100 }) @IsString() @MinLength(1) @MaxLength(100) id: string;
  @ApiProperty({ minLength: 2, maxLength: 40 }) @IsString() @MinLength(2) @MaxLength(40) title: string;
  @ApiPropertyOptional({ maxLength: 150 }) @WhenPresent() @IsString() @MaxLength(150) description?: string;
  @ApiPropertyOptional({ maxLength: 2048 }) @WhenPresent() @IsString() @MaxLength(2048) icon?: string;
  @ApiProperty({ type: ConfigurationComponentDto }) @IsObject() @ValidateNested() @Type(() => ConfigurationComponentDto) configuration: ConfigurationComponentDto;
}

export class IntegrationExternalLinkDto {
  @ApiProperty({ format: 'uri', maxLength: 2048 })
  @IsString()
  @MaxLength(2048)
  @IsUrl({ require_protocol: true, require_tld: false, protocols: ['http', 'https'] }, { message: 'url must be an absolute http(s) URL' })
  url: string;

  @ApiProperty({ maxLength: 100 }) @IsString() @MinLength(1) @MaxLength(100) label: string;
}

/** The publish body of spec 4.19 (the reference's PublishIntegration). */
export class PublishIntegrationDto {
  @ApiPropertyOptional({ enum: INTEGRATION_RUNTIMES, default: 'v1' }) @WhenPresent() @IsIn(INTEGRATION_RUNTIMES) runtime?: IntegrationRuntime;

  @ApiPropertyOptional({ format: 'byte', description: 'Base64 (or a base64 data: URL) of a PNG, JPEG, GIF or WebP image.' })
  @WhenPresent()
  @IsString()
  icon?: string;

  @ApiProperty({ minLength: 2, maxLength: 30 }) @IsString() @MinLength(2) @MaxLength(30) title: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @MaxLength(100) description: string;
  @ApiPropertyOptional({ maxLength: 2048, description: 'Markdown.' }) @WhenPresent() @IsString() @MaxLength(2048) summary?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 3, description: 'Base64 images, as icon.' })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(3)
  @IsString({ each: true })
  previewImages?: string[];

  @ApiPropertyOptional({ enum: INTEGRATION_VISIBILITIES, default: 'private' }) @WhenPresent() @IsIn(INTEGRATION_VISIBILITIES) visibility?: IntegrationVisibility;
  @ApiPropertyOptional({ enum: INTEGRATION_TARGETS, default: 'all' }) @WhenPresent() @IsIn(INTEGRATION_TARGETS) target?: IntegrationTarget;

  @ApiPropertyOptional({ enum: INTEGRATION_SCOPES, isArray: true })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(INTEGRATION_SCOPES.length)
  @IsIn(INTEGRATION_SCOPES, { each: true })
  scopes?: string[];

  @ApiPropertyOptional({ enum: INTEGRATION_CATEGORIES, isArray: true })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(INTEGRATION_CATEGORIES.length)
  @IsIn(INTEGRATION_CATEGORIES, { each: true })
  categories?: string[];

  @ApiPropertyOptional({ type: [IntegrationBlockDto] })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(PUBLISH_BOUNDS.blocks)
  @ValidateNested({ each: true })
  @Type(() => IntegrationBlockDto)
  blocks?: IntegrationBlockDto[];

  @ApiPropertyOptional({ type: [IntegrationContentSourceDto] })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(PUBLISH_BOUNDS.contentSources)
  @ValidateNested({ each: true })
  @Type(() => IntegrationContentSourceDto)
  contentSources?: IntegrationContentSourceDto[];

  @ApiPropertyOptional({ type: [IntegrationExternalLinkDto], maxItems: 5 })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => IntegrationExternalLinkDto)
  externalLinks?: IntegrationExternalLinkDto[];

  @ApiPropertyOptional({
    ...CONFIGURATIONS_OPENAPI_SCHEMA,
    description:
      'Keys account, space, site: a schema {properties, required} or a component {componentId}. Besides the schema: `required` names only declared properties; `enum` and `completion_url` are for string properties; a `default` has the type of its property (and is one of its `enum`), never on a button.',
  })
  @WhenPresent()
  @IsObject()
  @Checked('isIntegrationConfigurations', (value) => (isPlainObject(value) ? configurationsProblems(value).join('; ') || undefined : undefined))
  configurations?: IntegrationConfigurations;

  @ApiProperty({ description: 'The script the integration runs.' }) @IsString() @MinLength(1) script: string;

  @ApiProperty({ description: 'Id of the publishing organization (the caller must be an admin there).' })
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  organization: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Encrypted at rest, never returned. Absent: the previous version keeps its secrets; {} removes them.',
  })
  @WhenPresent()
  @Checked('isIntegrationSecrets', secretsProblem)
  secrets?: Record<string, string>;

  @ApiPropertyOptional({ description: 'A policy string, or an object of CSP directives.', oneOf: [
      { type: 'string', maxLength: PUBLISH_BOUNDS.contentSecurityPolicy },
      {
        type: 'object',
        properties: Object.fromEntries(CSP_DIRECTIVES.map((directive) => [directive, { type: 'string', maxLength: PUBLISH_BOUNDS.contentSecurityPolicy }])),
        additionalProperties: false,
      },
    ],
  })
  @WhenPresent()
  @Checked('isContentSecurityPolicy', contentSecurityPolicyProblem)
  contentSecurityPolicy?: string | Record<string, string>;

  @ApiPropertyOptional({
    type: [String],
    enum: REFERENCE_EVENT_TYPE_NAMES,
    maxItems: REFERENCE_EVENT_TYPE_NAMES.length,
    description: "Extension: the reference event types its installations receive at `eventsURL` (those of each installation's organization, spaces and sites). Default: none.",
  })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(REFERENCE_EVENT_TYPE_NAMES.length)
  @IsIn(REFERENCE_EVENT_TYPE_NAMES, { each: true, message: `each value in events must be one of: ${REFERENCE_EVENT_TYPE_NAMES.join(', ')}` })
  events?: string[];

  @ApiPropertyOptional({ format: 'uri', maxLength: 2048, description: 'Extension: where events are POSTed (signed as Standard Webhooks says, with `eventsSecret`). Needed with `events`.' })
  @WhenPresent()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'], allow_underscores: true }, { message: 'eventsURL must be an absolute http or https URL' })
  eventsURL?: string;

  @ApiPropertyOptional({
    pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
    maxLength: 200,
    description:
      'Extension: the Standard Webhooks secret events are signed with (`whsec_` and the base64 of 24 to 64 random bytes). Never returned. ' +
      'Absent: the previous one stays; a new one replaces it, the previous one still signing beside it for 24 hours.',
  })
  @WhenPresent()
  @IsString()
  @MaxLength(200)
  @Checked('isEventsSecret', (value) => (typeof value === 'string' && !isAcceptableSecret(value) ? 'eventsSecret must be whsec_ followed by the base64 of at least 24 bytes' : undefined))
  eventsSecret?: string;
}
