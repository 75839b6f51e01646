import { DtoClass, dtoShape, PropertyShape } from './dto-shape';

/** Where a value came from: the rules differ a little between a JSON body and a query string. */
export type InputSource = 'body' | 'query';

export interface HygieneResult {
  /** The input with its strings normalized (trimmed), ready for validation. */
  value: unknown;
  /** One sentence per problem, each naming the field by its full path. */
  problems: string[];
  /** The paths named in `problems`, so that validation does not report them twice. */
  paths: string[];
}

/**
 * The rules every request input follows before its DTO's own validators run, whatever the DTO
 * (docs/api-decisions.md, "Input rules"):
 * - no string (nor key) contains U+0000 (PostgreSQL cannot store it);
 * - strings are trimmed, unless the property is @Verbatim(); validators then see what is stored;
 * - `null` only where the property is declared `nullable`;
 * - a property declared required (an @ApiProperty that is not optional) that is absent "is required";
 * - in a query, a parameter given twice where one value is expected is refused.
 * The shape of each DTO comes from its @ApiProperty declarations (`dtoShape`).
 */
export function inspectInput(value: unknown, dto: DtoClass | undefined, source: InputSource): HygieneResult {
  const problems: string[] = [];
  const paths: string[] = [];
  const report = (path: string, message: string) => {
    problems.push(`${path} ${message}`);
    paths.push(path);
  };

  const visit = (input: unknown, path: string, shape: Map<string, PropertyShape> | undefined, property?: PropertyShape): unknown => {
    if (typeof input === 'string') {
      if (input.includes('\u0000')) report(path, 'must not contain the NUL character (U+0000)');
      return property?.verbatim ? input : input.trim();
    }
    if (Array.isArray(input)) {
      if (source === 'query' && property && !property.isArray) {
        report(path, 'is given more than once: give this query parameter once');
        return input;
      }
      return input.map((item, index) => visit(item, `${path}[${index}]`, property?.nested ? dtoShape(property.nested) : undefined, property && { ...property, isArray: false }));
    }
    if (input === null || typeof input !== 'object') return input;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(input)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) {
        report(itemPath, 'is not a valid field name: it contains the NUL character (U+0000)');
        continue;
      }
      const itemProperty = shape?.get(key);
      if (item === null && itemProperty && !itemProperty.nullable) {
        report(itemPath, 'must not be null (omit it instead)');
        continue;
      }
      out[key] = visit(item, itemPath, itemProperty?.nested ? dtoShape(itemProperty.nested) : undefined, itemProperty);
    }
    for (const [key, itemProperty] of shape ?? []) {
      if (itemProperty.required && (input as Record<string, unknown>)[key] === undefined) report(path ? `${path}.${key}` : key, 'is required');
    }
    return out;
  };

  const normalized = visit(value, '', dto ? dtoShape(dto) : undefined);
  return { value: normalized, problems, paths };
}

/** A path parameter: only the NUL rule applies (ids are not trimmed). */
export function pathParameterProblem(name: string, value: unknown): string | undefined {
  return typeof value === 'string' && value.includes('\u0000') ? `${name} must not contain the NUL character (U+0000)` : undefined;
}
