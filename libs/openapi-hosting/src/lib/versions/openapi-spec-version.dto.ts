import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListEnvelopeDto } from '@docs/platform';

export class OpenApiSpecVersionUrlsDto {
  @ApiProperty({ format: 'uri', maxLength: 2048, description: 'The version in the API.' }) location: string;
}

/** The reference's OpenAPISpecVersion. */
export class OpenApiSpecVersionDto {
  @ApiProperty({ enum: ['openapi-spec-version'] }) object: 'openapi-spec-version';
  @ApiProperty() id: string;
  @ApiPropertyOptional({ format: 'date-time' }) createdAt?: string;
  @ApiProperty({ format: 'uri', maxLength: 2048, description: 'Where the entry file of this version is served, without a token (its relative $refs resolve next to it).' })
  url: string;
  @ApiProperty({ type: OpenApiSpecVersionUrlsDto }) urls: OpenApiSpecVersionUrlsDto;
}

export class OpenApiSpecVersionListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [OpenApiSpecVersionDto] }) items: OpenApiSpecVersionDto[];
}

/** The reference's OpenAPISpecContent. */
export class OpenApiSpecContentDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'Every file of the version by its path (the entry first, under its own name; the files its $refs reach under their paths relative to it), each the parsed document.',
  })
  filesystem: Record<string, unknown>;
  @ApiProperty({ format: 'uri', maxLength: 2048, description: 'Where the entry file is served, without a token.' }) url: string;
}
