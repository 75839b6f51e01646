import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenPresent } from '@docs/content';
import { QueryBoolean, referenceProperty } from '@docs/platform';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { INSTALLATION_SELECTIONS, InstallationSelection, MAX_EXTERNAL_IDS } from '../installation-values';

class ConfigurationField {
  @ApiPropertyOptional(
    referenceProperty('IntegrationInstallationConfiguration', {
      description: "Checked against the integration's configuration schema for this level; declared defaults are filled in.",
    }),
  )
  @WhenPresent()
  @IsObject()
  configuration?: Record<string, unknown>;
}

class UpdateFields extends ConfigurationField {
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', minLength: 1, maxLength: 256 }, maxItems: MAX_EXTERNAL_IDS, description: 'Ids the integration assigns; replaces the list.' })
  @WhenPresent()
  @IsArray()
  @ArrayMaxSize(MAX_EXTERNAL_IDS)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(256, { each: true })
  externalIds?: string[];
}

/** `installIntegration`: the reference's OrganizationTarget, plus an optional first configuration. */
export class InstallIntegrationDto extends ConfigurationField {
  @ApiProperty({ description: 'Id of the organization to install on (the caller must be an admin there).' })
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  organization: string;
}

export class UpdateInstallationDto extends UpdateFields {
  @ApiPropertyOptional({ enum: INSTALLATION_SELECTIONS }) @WhenPresent() @IsIn(INSTALLATION_SELECTIONS) space_selection?: InstallationSelection;
  @ApiPropertyOptional({ enum: INSTALLATION_SELECTIONS }) @WhenPresent() @IsIn(INSTALLATION_SELECTIONS) site_selection?: InstallationSelection;
}

export class InstallOnSpaceDto extends ConfigurationField {
  @ApiProperty({ description: 'Id of a space of the installation’s organization.' }) @IsString() @MinLength(1) @MaxLength(256) space: string;
}

export class InstallOnSiteDto extends ConfigurationField {
  @ApiProperty({ description: 'Id of a site of the installation’s organization.' }) @IsString() @MinLength(1) @MaxLength(256) siteId: string;
}

/** PATCH of a space or site installation. */
export class UpdateContentInstallationDto extends UpdateFields {}

export class ExtendedQueryDto {
  @ApiPropertyOptional({ default: false, description: 'true: the space (or site) object in each item; false: its id.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  extended?: boolean;
}
