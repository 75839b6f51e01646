import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '@docs/platform';
import { checkIntegrationName } from './integration-name';
import { ASSETS_PATH } from './integration.presenter';
import { IntegrationsService } from './integrations.service';

/**
 * Integration images (icon, previews) as the `urls.icon` and `previewImages` URLs point at them.
 * Served without a token, as images are fetched by browsers: ids are random, so a URL is known
 * only to whoever was shown the integration. A new version gets new ids; old URLs then 404.
 */
@ApiTags('integrations')
@Controller(ASSETS_PATH)
export class IntegrationAssetsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @Get(':integrationName/:assetId')
  @Public()
  @ApiOperation({ operationId: 'getIntegrationAsset', summary: "An integration's icon or preview image (no token: URLs are unguessable).", security: [] })
  @ApiOkResponse({
    description: 'The image, as published.',
    content: Object.fromEntries(['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiNotFoundResponse({ description: 'No such image (or a previous version of the integration).' })
  async get(@Param('integrationName') name: string, @Param('assetId') assetId: string, @Res() res: Response): Promise<void> {
    // The name's rules as on every route that names an integration (`/openapi.json` says them).
    const asset = await this.integrations.findAsset(checkIntegrationName(name), assetId);
    if (!asset) throw new NotFoundException('No such integration image.');
    res
      .status(200)
      .setHeader('Content-Type', asset.contentType)
      .setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      .setHeader('X-Content-Type-Options', 'nosniff')
      .send(asset.data);
  }
}
