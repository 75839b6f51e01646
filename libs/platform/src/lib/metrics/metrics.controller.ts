import { Controller, Get, Headers, Inject, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { ApiErrors } from '../http/api-errors.decorator';
import { Public } from '../http/public.decorator';
import { SkipRateLimit } from '../rate-limit/token-rate-limit.guard';
import { Metrics } from './metrics';
import { carriesMetricsToken } from './metrics-token';

/**
 * GET /metrics on the api's public port: served only when METRICS_TOKEN is set (the platform
 * registers this controller then), with that token as the bearer, never an API token.
 */
@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @SkipRateLimit()
  @Get()
  @ApiOperation({
    operationId: 'getMetrics',
    summary: 'Prometheus metrics of this api process (text exposition format), with the METRICS_TOKEN as the bearer token.',
  })
  @ApiOkResponse({ description: 'The metrics.', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiErrors(401)
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    if (!carriesMetricsToken(authorization, this.config.metrics.token!)) {
      throw new UnauthorizedException('GET /metrics takes the METRICS_TOKEN of this installation as its bearer token.');
    }
    const { contentType, text } = await this.metrics.scrape();
    res.status(200).setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(text);
  }
}
