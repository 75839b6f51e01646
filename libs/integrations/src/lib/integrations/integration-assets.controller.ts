import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '@docs/platform';
import { ASSETS_PATH } from './integration.presenter';
import { IntegrationsService } from './integrations.service';

/**
 * Integration images (icon, previews) as the `urls.icon` and `previewImages` URLs point at them.
 * Served without a token, as images are fetched by browsers: ids are random, so a URL is known
 * only to whoever was shown the integration. A new version gets new ids; old URLs then 404.
 */
@ApiExcludeController()
@Controller(ASSETS_PATH)
export class IntegrationAssetsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @Get(':integrationName/:assetId')
  @Public()
  async get(@Param('integrationName') name: string, @Param('assetId') assetId: string, @Res() res: Response): Promise<void> {
    const asset = await this.integrations.findAsset(name, assetId);
    if (!asset) throw new NotFoundException('No such integration image.');
    res
      .status(200)
      .setHeader('Content-Type', asset.contentType)
      .setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      .setHeader('X-Content-Type-Options', 'nosniff')
      .send(asset.data);
  }
}
