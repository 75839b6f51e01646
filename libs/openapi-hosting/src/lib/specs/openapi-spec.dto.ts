import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';
import { PROCESS_ERROR_CODES, PROCESSING_STATES, SPEC_VISIBILITIES } from './openapi-spec.entity';
import type { ProcessErrorCode, ProcessingState, SpecVisibility } from './openapi-spec.entity';

export const SPEC_SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/** The reference's OpenAPIErrorObject. */
export class OpenApiErrorObjectDto {
  @ApiProperty({ description: 'Description of the error.' }) message: string;
  @ApiPropertyOptional({ description: 'Unique code of the error.' }) code?: string;
}

export class OpenApiSpecPermissionsDto {
  @ApiProperty({ description: 'Can the caller view the spec: members with a role (not guests).' }) view: boolean;
  @ApiProperty({ description: 'Can the caller change or delete it: members with the create role and above.' }) edit: boolean;
}

export class OpenApiSpecUrlsDto {
  @ApiProperty({ format: 'uri', maxLength: 2048, description: 'The spec in the API.' }) location: string;
  @ApiProperty({ format: 'uri', maxLength: 2048, description: 'The spec in the app.' }) app: string;
  @ApiPropertyOptional({ format: 'uri', description: 'Where the latest version is served to anyone (no token): only when visibility is public.' })
  published?: string;
}

/** The reference's OpenAPISpec. */
export class OpenApiSpecDto {
  @ApiProperty({ enum: ['openapi-spec'] }) object: 'openapi-spec';
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ minLength: 1, maxLength: 100, pattern: SPEC_SLUG_PATTERN }) slug: string;
  @ApiPropertyOptional({ format: 'uri', maxLength: 2048, description: 'The URL the spec is fetched from; absent for a spec given as text.' })
  sourceURL?: string;
  @ApiProperty({ enum: PROCESSING_STATES, description: 'pending: a run is due; progress: a run is fetching or parsing it; complete: the last run finished (see lastProcessErrorCode).' })
  processingState: ProcessingState;
  @ApiPropertyOptional({ enum: SPEC_VISIBILITIES, description: 'public: the latest version is served at urls.published without a token.' })
  visibility?: SpecVisibility;
  @ApiPropertyOptional({ description: 'Id of the latest version; absent until a run has stored one.' }) lastVersion?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'When the last run finished, whether it stored a version or failed.' }) lastProcessedAt?: string;
  @ApiPropertyOptional({ enum: PROCESS_ERROR_CODES, description: 'Why the last run failed; absent when it succeeded. The last good version stays readable.' })
  lastProcessErrorCode?: ProcessErrorCode;
  @ApiPropertyOptional({ type: [OpenApiErrorObjectDto], description: 'What the last run found wrong (with lastProcessErrorCode).' })
  lastProcessedErrors?: OpenApiErrorObjectDto[];
  @ApiProperty({ type: OpenApiSpecPermissionsDto }) permissions: OpenApiSpecPermissionsDto;
  @ApiProperty({ type: OpenApiSpecUrlsDto }) urls: OpenApiSpecUrlsDto;
}

export class OpenApiSpecListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [OpenApiSpecDto] }) items: OpenApiSpecDto[];
}
