import { DynamicModule, Module } from '@nestjs/common';
import { IdentityModule } from '@docs/identity';
import { PlatformModule, PlatformOptions } from '@docs/platform';

/** The HTTP api: the platform in its http runtime and every domain's HTTP module. */
@Module({})
export class ApiModule {
  static forRoot(options: Omit<PlatformOptions, 'runtime'>): DynamicModule {
    return {
      module: ApiModule,
      imports: [PlatformModule.forRoot({ ...options, runtime: 'http' }), IdentityModule],
    };
  }
}
