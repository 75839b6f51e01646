import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ListEnvelopeDto, referenceProperty } from '@docs/platform';

export class PublishedUrlDto {
  @ApiPropertyOptional({ format: 'uri', description: 'Only while the site is published.' }) published?: string;
}

export class SiteSpaceDto {
  @ApiProperty({ enum: ['site-space'] }) object: 'site-space';
  @ApiProperty() id: string;
  @ApiProperty({ minLength: 1, maxLength: 100 }) path: string;
  @ApiPropertyOptional({ description: 'The section it belongs to.' }) section?: string;
  @ApiProperty(referenceProperty('Space', { description: 'The Space, as the caller sees it.' })) space: Record<string, unknown>;
  @ApiProperty({ description: "The space's title." }) title: string;
  @ApiProperty({ description: 'The default site space of its section (or of the site without sections).' }) default: boolean;
  @ApiPropertyOptional({ maxLength: 1024 }) condition?: string;
  @ApiProperty() hasAdvancedCustomizationFeature: boolean;
  @ApiProperty({ type: PublishedUrlDto }) urls: PublishedUrlDto;
}

export class SiteSectionDto {
  @ApiProperty({ enum: ['site-section'] }) object: 'site-section';
  @ApiProperty() id: string;
  @ApiProperty({ minLength: 2, maxLength: 128 }) title: string;
  @ApiPropertyOptional({ maxLength: 256 }) description?: string;
  @ApiProperty() default: boolean;
  @ApiProperty({ minLength: 1, maxLength: 100 }) path: string;
  @ApiPropertyOptional({ maxLength: 1024 }) condition?: string;
  @ApiPropertyOptional({ description: 'The group it belongs to.' }) sectionGroup?: string;
  @ApiPropertyOptional({ maxLength: 50 }) icon?: string;
  @ApiProperty({ type: [SiteSpaceDto] }) siteSpaces: SiteSpaceDto[];
  @ApiProperty({ type: PublishedUrlDto }) urls: PublishedUrlDto;
}

export class SiteSectionGroupDto {
  @ApiProperty({ enum: ['site-section-group'] }) object: 'site-section-group';
  @ApiProperty() id: string;
  @ApiProperty({ minLength: 1, maxLength: 100 }) title: string;
  @ApiPropertyOptional({ maxLength: 50 }) icon?: string;
  @ApiProperty({ type: [SiteSectionDto], deprecated: true, description: 'Same as children.' }) sections: SiteSectionDto[];
  @ApiProperty({ type: [SiteSectionDto], description: 'The sections of the group, in order.' }) children: SiteSectionDto[];
}

@ApiExtraModels(SiteSectionDto, SiteSectionGroupDto, SiteSpaceDto)
export class SiteStructureDto {
  @ApiProperty({ enum: ['sections', 'siteSpaces'] }) type: 'sections' | 'siteSpaces';
  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(SiteSectionDto) }, { $ref: getSchemaPath(SiteSectionGroupDto) }, { $ref: getSchemaPath(SiteSpaceDto) }] },
    description: 'Sections and groups (`type: sections`), or site spaces for a site without sections (`type: siteSpaces`).',
  })
  structure: (SiteSectionDto | SiteSectionGroupDto | SiteSpaceDto)[];
}

export class SiteSpaceListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [SiteSpaceDto] }) items: SiteSpaceDto[];
}

export class SiteSectionListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [SiteSectionDto] }) items: SiteSectionDto[];
}

export class SiteSectionGroupListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [SiteSectionGroupDto] }) items: SiteSectionGroupDto[];
}
