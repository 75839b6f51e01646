import { Module } from '@nestjs/common';
import { IdentityCoreModule } from '@docs/identity';
import { OpenApiHostingCoreModule } from './openapi-hosting-core.module';
import { OpenApiSpecsController } from './specs/openapi-specs.controller';
import { OpenApiSpecVersionsController } from './versions/openapi-spec-versions.controller';
import { SpecFilesController } from './versions/spec-files.controller';

/** The HTTP surface: section 4.15 of the specification, and the files of versions without a token. */
@Module({
  imports: [IdentityCoreModule, OpenApiHostingCoreModule],
  controllers: [OpenApiSpecsController, OpenApiSpecVersionsController, SpecFilesController],
})
export class OpenApiHostingModule {}
