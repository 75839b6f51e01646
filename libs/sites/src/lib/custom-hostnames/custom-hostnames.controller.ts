import { Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResetContentResponse, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@docs/identity';
import { ApiErrors } from '@docs/platform';
import { CustomHostnameDto } from './custom-hostname.dto';
import { CustomHostnamesService } from './custom-hostnames.service';

@ApiTags('custom-hostnames')
@Controller('v1/custom-hostnames')
export class CustomHostnamesController {
  constructor(private readonly hostnames: CustomHostnamesService) {}

  @Get(':hostname')
  @ApiOperation({ operationId: 'getCustomHostname', summary: 'A custom hostname of a site: its site, whether it is served, and what DNS says (admins).' })
  @ApiOkResponse({ type: CustomHostnameDto })
  @ApiErrors(400, 403, 404)
  get(@CurrentCaller() caller: Caller, @Param('hostname') hostname: string): Promise<CustomHostnameDto> {
    return this.hostnames.get(hostname, caller);
  }

  @Patch(':hostname')
  @HttpCode(204)
  @ApiOperation({ operationId: 'dnsRevalidateCustomHostname', summary: 'Check the DNS of a custom hostname again now (admins).' })
  @ApiNoContentResponse()
  @ApiErrors(400, 403, 404)
  async revalidate(@CurrentCaller() caller: Caller, @Param('hostname') hostname: string): Promise<void> {
    await this.hostnames.revalidate(hostname, caller);
  }

  @Delete(':hostname')
  @HttpCode(205)
  @ApiOperation({ operationId: 'removeCustomHostname', summary: "Remove a custom hostname from its site (admins): the site is served at its path under PUBLISHED_URL only." })
  @ApiResetContentResponse()
  @ApiErrors(400, 403, 404)
  async remove(@CurrentCaller() caller: Caller, @Param('hostname') hostname: string): Promise<void> {
    await this.hostnames.remove(hostname, caller);
  }
}
