import { ApiPropertyOptional } from '@nestjs/swagger';
import { QueryBoolean } from '@docs/platform';
import { IsBoolean, IsOptional } from 'class-validator';

/** Query of `DELETE /v1/integrations/{integrationName}`. */
export class UnpublishIntegrationQueryDto {
  @ApiPropertyOptional({
    default: false,
    description: 'true: remove every installation with the integration. Absent or false: an integration still installed somewhere is not unpublished (409 naming where).',
  })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  removeInstallations?: boolean;
}
