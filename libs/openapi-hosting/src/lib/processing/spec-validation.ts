import type { LoadedSpec } from './spec-loader';
import { specFilesystem } from './spec-filesystem';
import { SpecProblem } from './spec-problem';

/** Messages of an invalid spec kept in `lastProcessedErrors` (the first ones say enough). */
const MAX_ERRORS = 20;

/** The specification a valid spec declares ("2.0", "3.0", "3.1"...). */
export interface ValidatedSpec {
  version: string;
}

/**
 * Validates a loaded spec with @scalar/openapi-parser (Swagger 2.0, OpenAPI 3.0 and 3.1, against
 * their JSON schemas, every `$ref` resolved across the files as `specFilesystem` hands them over;
 * the stored files keep their text and documents as fetched). A PARSE_ERROR lists what is wrong.
 */
export async function validateSpec(spec: LoadedSpec): Promise<ValidatedSpec> {
  // ESM-only package: loaded when a spec is validated (the worker), never by the api.
  const { validate } = await import('@scalar/openapi-parser');
  const filesystem = specFilesystem(spec.entry, [...spec.files].map(([path, file]) => [path, file.document]));
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate(filesystem);
  } catch (error) {
    throw SpecProblem.parse(`The spec could not be validated: ${(error as Error).message}`);
  }
  if (!result.valid) {
    const errors = (result.errors ?? []).slice(0, MAX_ERRORS).map((error) => ({
      message: error.path && error.path.length > 0 ? `${error.message} (at ${error.path.join('/')})` : error.message,
      ...(error.code ? { code: String(error.code) } : {}),
    }));
    throw new SpecProblem('PARSE_ERROR', errors.length > 0 ? errors : [{ message: 'The document is not a valid OpenAPI or Swagger specification.' }]);
  }
  return { version: String(result.version) };
}
