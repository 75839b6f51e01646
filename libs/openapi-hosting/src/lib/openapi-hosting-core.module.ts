import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityCoreModule } from '@docs/identity';
import { PublishedSpecs } from './published/published-specs';
import { OpenApiSpecEntity } from './specs/openapi-spec.entity';
import { OpenApiSpecPresenter } from './specs/openapi-spec.presenter';
import { OpenApiSpecsService } from './specs/openapi-specs.service';
import { OpenApiSpecFileEntity } from './versions/openapi-spec-file.entity';
import { OpenApiSpecVersionEntity } from './versions/openapi-spec-version.entity';
import { OpenApiSpecVersionPresenter } from './versions/openapi-spec-version.presenter';
import { OpenApiSpecVersionsService } from './versions/openapi-spec-versions.service';
import { SpecFileUrls } from './versions/spec-file-urls';

const entities = TypeOrmModule.forFeature([OpenApiSpecEntity, OpenApiSpecVersionEntity, OpenApiSpecFileEntity]);
const services = [OpenApiSpecsService, OpenApiSpecPresenter, OpenApiSpecVersionsService, OpenApiSpecVersionPresenter, SpecFileUrls, PublishedSpecs];

/** Specs, versions and their files (no routes): what the HTTP module, the jobs and other apps (the site: `PublishedSpecs`) build on. */
@Module({
  imports: [IdentityCoreModule, entities],
  providers: services,
  exports: [entities, ...services],
})
export class OpenApiHostingCoreModule {}
