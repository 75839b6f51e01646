import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListEnvelopeDto, referenceProperty, referenceSchema } from '@docs/platform';
import { INSTALLATION_SELECTIONS, INSTALLATION_STATUSES } from './installation-values';

export class InstallationUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
  @ApiProperty({ format: 'uri' }) app: string;
  @ApiProperty({ format: 'uri' }) publicEndpoint: string;
}

/** The reference's IntegrationInstallation. */
export class InstallationDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: INSTALLATION_STATUSES }) status: string;
  @ApiProperty({ enum: INSTALLATION_SELECTIONS }) space_selection: string;
  @ApiProperty({ enum: INSTALLATION_SELECTIONS }) site_selection: string;
  @ApiProperty({ description: 'Spaces the installation is turned on for.' }) spaces: number;
  @ApiProperty(referenceProperty('IntegrationInstallationConfiguration')) configuration: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: InstallationUrlsDto }) urls: InstallationUrlsDto;
  @ApiProperty({ type: [String] }) externalIds: string[];
  @ApiProperty({ type: 'object', properties: { organization: { type: 'string' } }, required: ['organization'], example: { organization: 'orgId' } }) target: { organization: string };
}

export class InstallationListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [InstallationDto] }) items: InstallationDto[];
}

export class ContentInstallationUrlsDto {
  @ApiProperty({ format: 'uri' }) location: string;
  @ApiProperty({ format: 'uri' }) publicEndpoint: string;
}

/** The reference's IntegrationSpaceInstallation and IntegrationSiteInstallation. */
export class ContentInstallationDto {
  @ApiProperty() integration: string;
  @ApiProperty() installation: string;
  @ApiProperty({ enum: INSTALLATION_STATUSES }) status: string;
  @ApiProperty(referenceProperty('IntegrationInstallationConfiguration')) configuration: Record<string, unknown>;
  @ApiProperty({ type: [String] }) externalIds: string[];
  @ApiProperty({ type: ContentInstallationUrlsDto }) urls: ContentInstallationUrlsDto;
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, referenceSchema('Space')], description: 'Space installations: the space id, or the Space with extended=true.' })
  space?: string | object;
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, referenceSchema('Site')], description: 'Site installations: the site id, or the Site with extended=true.' })
  site?: string | object;
}

export class ContentInstallationListDto extends ListEnvelopeDto {
  @ApiProperty({ type: [ContentInstallationDto] }) items: ContentInstallationDto[];
}
