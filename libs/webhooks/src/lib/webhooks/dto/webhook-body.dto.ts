import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EVENT_TYPE_NAMES } from '@docs/platform';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';

/** `*`: every type, those added later included. */
export const ALL_EVENTS = '*';
export const WEBHOOK_EVENT_CHOICES: string[] = [ALL_EVENTS, ...EVENT_TYPE_NAMES];
export const MAX_FILTER_IDS = 100;

const URL_RULES = { require_tld: false, require_protocol: true, protocols: ['http', 'https'], allow_underscores: true };
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export class CreateWebhookDto {
  @ApiProperty({ format: 'uri', maxLength: 2048, description: 'An http(s) URL without credentials; deliveries are POSTed to it.' })
  @IsString()
  @MaxLength(2048)
  @IsUrl(URL_RULES, { message: 'url must be an absolute http or https URL' })
  url: string;

  @ApiPropertyOptional({ maxLength: 256, description: 'What it is for. Default: empty.' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  description?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: WEBHOOK_EVENT_CHOICES,
    minItems: 1,
    maxItems: WEBHOOK_EVENT_CHOICES.length,
    description: 'Event types to receive; `*` for all (the default), types added later included.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_CHOICES.length)
  @IsIn(WEBHOOK_EVENT_CHOICES, { each: true, message: `each value in events must be one of: ${WEBHOOK_EVENT_CHOICES.join(', ')}` })
  events?: string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_FILTER_IDS,
    description: 'Only events about these spaces (of the organization). With `sites`: about either. Both empty (the default): every event of the organization.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_FILTER_IDS)
  @IsString({ each: true })
  @Matches(ID_PATTERN, { each: true, message: 'each value in spaces must be a space id' })
  spaces?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: MAX_FILTER_IDS, description: 'Only events about these sites (of the organization). See `spaces`.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_FILTER_IDS)
  @IsString({ each: true })
  @Matches(ID_PATTERN, { each: true, message: 'each value in sites must be a site id' })
  sites?: string[];

  @ApiPropertyOptional({ enum: ['active', 'paused'], default: 'active', description: 'A paused webhook keeps its events for when it is resumed.' })
  @IsOptional()
  @IsIn(['active', 'paused'])
  status?: 'active' | 'paused';
}

/** Every field optional; `status: active` also turns a disabled webhook back on. */
export class UpdateWebhookDto {
  @ApiPropertyOptional({ format: 'uri', maxLength: 2048 })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl(URL_RULES, { message: 'url must be an absolute http or https URL' })
  url?: string;

  @ApiPropertyOptional({ maxLength: 256 })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  description?: string;

  @ApiPropertyOptional({ type: [String], enum: WEBHOOK_EVENT_CHOICES, minItems: 1, maxItems: WEBHOOK_EVENT_CHOICES.length })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_CHOICES.length)
  @IsIn(WEBHOOK_EVENT_CHOICES, { each: true, message: `each value in events must be one of: ${WEBHOOK_EVENT_CHOICES.join(', ')}` })
  events?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: MAX_FILTER_IDS })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_FILTER_IDS)
  @IsString({ each: true })
  @Matches(ID_PATTERN, { each: true, message: 'each value in spaces must be a space id' })
  spaces?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: MAX_FILTER_IDS })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_FILTER_IDS)
  @IsString({ each: true })
  @Matches(ID_PATTERN, { each: true, message: 'each value in sites must be a site id' })
  sites?: string[];

  @ApiPropertyOptional({ enum: ['active', 'paused'], description: '`active` resumes a paused webhook and turns a disabled one back on (its undelivered event is tried again at once).' })
  @IsOptional()
  @IsIn(['active', 'paused'])
  status?: 'active' | 'paused';
}
