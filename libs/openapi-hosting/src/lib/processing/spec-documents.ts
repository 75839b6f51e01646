import { parse as parseYaml } from 'yaml';
import { SpecProblem } from './spec-problem';

export type SpecFormat = 'json' | 'yaml';

/** A file of a spec as stored: its text, what it parses to, and the media type it is served with. */
export interface SpecFile {
  text: string;
  document: unknown;
  format: SpecFormat;
}

/** Aliases a YAML document may expand (a "billion laughs" file is refused, not expanded). */
const MAX_YAML_ALIASES = 100;

export const MEDIA_TYPES: Record<SpecFormat, string> = { json: 'application/json', yaml: 'application/yaml' };

/**
 * Parses the text of one spec file, JSON or YAML (YAML is a superset: JSON is tried first when
 * the text looks like it, for exact error positions). `name` is quoted in the messages.
 */
export function parseSpecText(text: string, name: string): SpecFile {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.length === 0) throw SpecProblem.parse(`${name} is empty.`);
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { text, document: JSON.parse(trimmed), format: 'json' };
    } catch (error) {
      throw SpecProblem.parse(`${name} is not valid JSON: ${(error as Error).message}.`);
    }
  }
  let document: unknown;
  try {
    document = parseYaml(trimmed, { maxAliasCount: MAX_YAML_ALIASES, prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0].replace(/\.$/, '');
    throw SpecProblem.parse(`${name} is not valid YAML: ${message}.`);
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw SpecProblem.parse(`${name} is not an OpenAPI document: it is not an object.`);
  }
  return { text, document, format: 'yaml' };
}

/** Every `$ref` of a document that points into another file: the part before `#`, as written, once each. */
export function externalRefs(document: unknown): string[] {
  const found = new Set<string>();
  walkRefs(document, (ref) => {
    if (!ref.startsWith('#')) found.add(ref.split('#')[0]);
  });
  return [...found].filter((ref) => ref.length > 0);
}

/** Calls `visit` with every string `$ref` of the document, depth first. */
export function walkRefs(node: unknown, visit: (ref: string, holder: Record<string, unknown>) => void): void {
  const stack: unknown[] = [node];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
      continue;
    }
    const record = current as Record<string, unknown>;
    if (typeof record.$ref === 'string') visit(record.$ref, record);
    for (const value of Object.values(record)) stack.push(value);
  }
}
