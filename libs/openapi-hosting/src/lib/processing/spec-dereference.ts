import { specFilesystem } from './spec-filesystem';

/**
 * A version's files as one OpenAPI 3 document, for readers that render it (the site server):
 * every `$ref` replaced by what it points at, within a file or across the version's files, with
 * @scalar/openapi-parser as validation uses it. A Swagger 2.0 entry is upgraded to OpenAPI 3 first
 * (its references into other files stay as written and resolve the same way). Recursive schemas
 * stay recursive (shared objects: walk them with a depth bound); a reference that resolves to
 * nothing is left as its `$ref`. `documents`: the files' parsed documents, by path.
 */
export async function dereferenceSpec(entry: string, documents: Iterable<[path: string, document: unknown]>): Promise<Record<string, unknown>> {
  // ESM-only package: loaded on first use.
  const { dereference, upgrade } = await import('@scalar/openapi-parser');
  const filesystem = specFilesystem(entry, documents);
  const entrypoint = filesystem.find((file) => file.isEntrypoint);
  if (!entrypoint) throw new Error(`The entry ${entry} is not among the spec's files`);
  if (typeof entrypoint.specification.swagger === 'string') entrypoint.specification = upgrade(entrypoint.specification).specification as unknown as Record<string, unknown>;
  const { schema } = dereference(filesystem);
  return (schema ?? entrypoint.specification) as Record<string, unknown>;
}
