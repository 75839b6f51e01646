import { walkRefs } from './spec-documents';

/** One file of a spec as @scalar/openapi-parser takes it (its `Filesystem` entry). */
export interface ScalarFilesystemEntry {
  isEntrypoint: boolean;
  filename: string;
  dir: string;
  references: string[];
  specification: Record<string, unknown>;
}

/**
 * A spec's files as @scalar/openapi-parser's filesystem. The parser matches references to other
 * files by the name they are written with, whatever folder they are written from: each file is
 * handed to it under its path in the spec, with its references rewritten to those paths (on
 * copies: the documents given are left as they are).
 */
export function specFilesystem(entry: string, documents: Iterable<[path: string, document: unknown]>): ScalarFilesystemEntry[] {
  return [...documents].map(([path, document]) => {
    const specification = structuredClone(document) as Record<string, unknown>;
    const references = new Set<string>();
    walkRefs(specification, (ref, holder) => {
      if (ref.startsWith('#')) return;
      const [target, pointer] = ref.split('#', 2);
      const canonical = resolvePath(path, target);
      references.add(canonical);
      holder.$ref = pointer === undefined ? canonical : `${canonical}#${pointer}`;
    });
    return { isEntrypoint: path === entry, filename: path, dir: './', references: [...references], specification };
  });
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
