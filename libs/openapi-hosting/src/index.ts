/**
 * Hosted OpenAPI specs and their versions (specification section 4.15), and the worker jobs
 * that fetch them. Depends on platform and identity only.
 */
export * from './lib/openapi-hosting.module';
export * from './lib/openapi-hosting-core.module';
export * from './lib/openapi-hosting-jobs.module';
export * from './lib/processing/spec-dereference';
export * from './lib/processing/spec-jobs';
export * from './lib/published/published-specs';
export * from './lib/specs/openapi-spec.entity';
export * from './lib/specs/openapi-specs.service';
export * from './lib/versions/openapi-spec-version.entity';
export * from './lib/versions/openapi-spec-file.entity';
export * from './lib/versions/openapi-spec-versions.service';
export * from './lib/versions/spec-file-urls';
