import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../http/public.decorator';
import { SkipRateLimit } from '../rate-limit/token-rate-limit.guard';

class HealthResponse {
  @ApiProperty({ example: 'ok' }) status: 'ok';
  @ApiProperty({ example: 'ok' }) database: 'ok';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Public()
  @SkipRateLimit()
  @Get()
  @ApiOperation({ summary: 'Readiness: answers 200 once the api serves requests and reaches its database.' })
  @ApiOkResponse({ type: HealthResponse })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer.' })
  async check(): Promise<HealthResponse> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException('The database does not answer.');
    }
    return { status: 'ok', database: 'ok' };
  }
}
