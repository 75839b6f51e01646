import type { LoadedSpec } from './spec-loader';
import { walkRefs } from './spec-documents';
import { SpecProblem } from './spec-problem';

/** Messages of an invalid spec kept in `lastProcessedErrors` (the first ones say enough). */
const MAX_ERRORS = 20;

/** The specification a valid spec declares ("2.0", "3.0", "3.1"...). */
export interface ValidatedSpec {
  version: string;
}

/**
 * Validates a loaded spec with @scalar/openapi-parser (Swagger 2.0, OpenAPI 3.0 and 3.1, against
 * their JSON schemas, every `$ref` resolved). The parser matches references to other files by
 * the name they are written with, whatever folder they are written from: each file is handed to
 * it under its path in the spec, with its references rewritten to those paths (on copies; the
 * stored files keep their text and documents as fetched). A PARSE_ERROR lists what is wrong.
 */
export async function validateSpec(spec: LoadedSpec): Promise<ValidatedSpec> {
  // ESM-only package: loaded when a spec is validated (the worker), never by the api.
  const { validate } = await import('@scalar/openapi-parser');
  const filesystem = [...spec.files].map(([path, file]) => {
    const specification = structuredClone(file.document) as Record<string, unknown>;
    const references = new Set<string>();
    walkRefs(specification, (ref, holder) => {
      if (ref.startsWith('#')) return;
      const [target, pointer] = ref.split('#', 2);
      const canonical = resolvePath(path, target);
      references.add(canonical);
      holder.$ref = pointer === undefined ? canonical : `${canonical}#${pointer}`;
    });
    return { isEntrypoint: path === spec.entry, filename: path, dir: './', references: [...references], specification };
  });
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

/** `target` written in the file at `from` (both relative to the spec's folder), as a path of the spec. */
export function resolvePath(from: string, target: string): string {
  const resolved = new URL(target, `https://spec.invalid/${from.split('/').map(encodeURIComponent).join('/')}`);
  return resolved.pathname
    .slice(1)
    .split('/')
    .map((part) => decodeURIComponent(part))
    .join('/');
}
