import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REFERENCE_EVENT_TYPE_NAMES, ListEnvelopeDto, referenceProperty } from '@docs/platform';
import { OrganizationDto } from '@docs/identity';
import { INTEGRATION_TARGETS, INTEGRATION_VISIBILITIES } from './integration-values';

export class IntegrationUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
  @ApiPropertyOptional({ format: 'uri' }) icon?: string;
  @ApiProperty({ format: 'uri' }) app: string;
  @ApiProperty({ format: 'uri', description: "Base URL of the integration's images." }) assets: string;
  @ApiProperty({ format: 'uri' }) publicEndpoint: string;
}

export class IntegrationPermissionsDto {
  @ApiProperty({ description: "Admin of the owning organization: publish new versions, unpublish, see every installation." }) admin: boolean;
  @ApiProperty({ description: 'Admin of at least one organization where it may be installed.' }) install: boolean;
}

/** The reference's Integration. Secrets and the script are never returned. */
export class IntegrationDto {
  @ApiProperty({ enum: ['integration'] }) object: 'integration';
  @ApiProperty() name: string;
  @ApiProperty() version: number;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiPropertyOptional() summary?: string;
  @ApiProperty({ type: [String], description: 'URLs of the preview images.' }) previewImages: string[];
  @ApiProperty({ enum: INTEGRATION_TARGETS }) target: string;
  @ApiProperty() verified: boolean;
  @ApiProperty({ enum: INTEGRATION_VISIBILITIES }) visibility: string;
  @ApiProperty({ type: [String] }) scopes: string[];
  @ApiProperty({ type: [String] }) categories: string[];
  @ApiProperty({ type: 'array', items: { type: 'object' } }) blocks: object[];
  @ApiProperty({ type: 'array', items: { type: 'object' } }) contentSources: object[];
  @ApiProperty(referenceProperty('IntegrationConfigurations')) configurations: object;
  @ApiProperty({ type: 'array', items: { type: 'object' } }) externalLinks: object[];
  @ApiProperty({ type: OrganizationDto }) owner: OrganizationDto;
  @ApiProperty({ type: IntegrationUrlsDto }) urls: IntegrationUrlsDto;
  @ApiProperty({ type: IntegrationPermissionsDto }) permissions: IntegrationPermissionsDto;
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'object' }] }) contentSecurityPolicy?: string | Record<string, string>;
  @ApiProperty({ type: [String], enum: REFERENCE_EVENT_TYPE_NAMES, description: 'Extension: the event types its installations receive.' }) events: string[];
  @ApiPropertyOptional({ format: 'uri', description: "Extension: where its events are POSTed; shown to the publisher's admins only." }) eventsURL?: string;
}

export class IntegrationListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [IntegrationDto] }) items: IntegrationDto[];
}
