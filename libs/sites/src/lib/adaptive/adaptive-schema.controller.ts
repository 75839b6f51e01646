import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { IsObject } from 'class-validator';
import { SiteAccess } from '../access/site-access';
import { AdaptiveSchemaService, AdaptiveSchemaView } from './adaptive-schema.service';
import type { TemplateCondition } from './template-conditions';

export class UpdateAdaptiveSchemaDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'A draft-07 JSON Schema of the visitor claims (spec 2.13).' })
  @IsObject()
  jsonSchema: Record<string, unknown>;
}

export class AdaptiveSchemaDto {
  @ApiProperty({ enum: ['site-adaptive-schema'] }) object: 'site-adaptive-schema';
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'A draft-07 JSON Schema of the visitor claims (spec 2.13).' }) jsonSchema: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class TemplateConditionDto {
  @ApiProperty() description: string;
  @ApiProperty() condition: string;
}

export class TemplateConditionListDto {
  @ApiProperty({ type: [TemplateConditionDto] }) items: TemplateConditionDto[];
}

@ApiTags('sites')
@Controller('v1/orgs/:organizationId/sites/:siteId/adaptive-schema')
export class AdaptiveSchemaController {
  constructor(
    private readonly access: SiteAccess,
    private readonly schemas: AdaptiveSchemaService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'getSiteAdaptiveSchema', summary: "The site's visitor claims schema (empty until set)." })
  @ApiOkResponse({ type: AdaptiveSchemaDto })
  @ApiErrors(404)
  async get(@CurrentCaller() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string): Promise<AdaptiveSchemaView> {
    const { site } = await this.access.site(organizationId, siteId, caller, 'read', 'read sites');
    return this.schemas.view(site);
  }

  @Put()
  @ApiOperation({ operationId: 'updateSiteAdaptiveSchema', summary: "Replace the site's visitor claims schema (admins)." })
  @ApiOkResponse({ type: AdaptiveSchemaDto })
  @ApiErrors(400, 403, 404)
  async put(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: UpdateAdaptiveSchemaDto,
  ): Promise<AdaptiveSchemaView> {
    const context = await this.access.site(organizationId, siteId, caller, 'manage', 'configure sites');
    return this.schemas.replace(context, body.jsonSchema);
  }

  @Get('template-conditions')
  @ApiOperation({ operationId: 'listSiteAdaptiveTemplateConditions', summary: "Ready-made conditions over the schema's claims." })
  @ApiOkResponse({ type: TemplateConditionListDto })
  @ApiErrors(404)
  async templates(
    @CurrentCaller() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
  ): Promise<{ items: TemplateCondition[] }> {
    const { site } = await this.access.site(organizationId, siteId, caller, 'read', 'read sites');
    return { items: this.schemas.templateConditions(site) };
  }
}
