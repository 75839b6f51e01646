import { DtoClass, dtoShape, PropertyShape } from './dto-shape';
import { defineOwn, isPrototypeMemberName } from './own-properties';

/** Where a value came from: the rules differ a little between a JSON body and a query string. */
export type InputSource = 'body' | 'query';

/**
 * How deeply arrays and objects may nest in a request body (the body itself is level 1). Deep
 * enough for any document the API hands out (a document nests at most 128 nodes, about 260
 * levels of JSON); deeper input is refused before anything walks it (docs/api-decisions.md,
 * "Input rules").
 */
export const JSON_MAX_DEPTH = 512;

/**
 * A value whose shape no DTO declares (a free-form object, an array holding objects, an unknown
 * field's object): class-transformer must not copy it (it drops keys named after Object.prototype
 * members and fails on a `constructor` key), so the validation pipe hands class-transformer an
 * empty stand-in and puts this value back at `path` before the validators run.
 */
export interface FreeFormValue {
  path: (string | number)[];
  value: unknown;
}

export interface HygieneResult {
  /** The input with its strings normalized (trimmed), ready for validation. */
  value: unknown;
  /** `value` with every free-form value replaced by an empty stand-in: what class-transformer gets. */
  skeleton: unknown;
  freeForm: FreeFormValue[];
  /** One sentence per problem, each naming the field by its full path. */
  problems: string[];
  /** The paths named in `problems`, so that validation does not report them twice. */
  paths: string[];
}

/** One value still to visit, and where its normalized copy (and its stand-in) go. */
interface Visit {
  input: unknown;
  path: string;
  keys: (string | number)[];
  /** The DTO shape of `input` when it is an object the DTO declares. */
  shape: Map<string, PropertyShape> | undefined;
  /** The declaration of the property holding `input`, if any. */
  property: PropertyShape | undefined;
  /** Containers above `input` (the body's own fields: 1). */
  depth: number;
  /** Inside a free-form value: copied as it is (NUL and depth still checked). */
  freeForm: boolean;
  setOut: (value: unknown) => void;
  /** Undefined inside free-form values (the stand-in stands for the whole value). */
  setSkeleton?: (value: unknown) => void;
}

/**
 * The rules every request input follows before its DTO's own validators run, whatever the DTO
 * (docs/api-decisions.md, "Input rules"):
 * - arrays and objects nest at most JSON_MAX_DEPTH levels (checked before anything else walks them);
 * - no string (nor key) contains U+0000 (PostgreSQL cannot store it) or a lone surrogate (not text);
 * - strings of declared properties are trimmed, unless @Verbatim(); validators then see what is
 *   stored; free-form values (objects without a DTO shape) are kept as sent;
 * - `null` only where the property is declared `nullable`;
 * - a property declared required (an @ApiProperty that is not optional) that is absent "is required";
 * - an object where the DTO declares an array, or an array where it declares an object, is refused;
 * - a field the DTO does not declare, named after an Object.prototype member (`constructor`,
 *   `__proto__`, `toString`...), is refused like any unknown field (class-transformer would
 *   drop it silently);
 * - in a query, a parameter given twice where one value is expected is refused.
 * The shape of each DTO comes from its @ApiProperty declarations (`dtoShape`). The walk uses its
 * own stack, never recursion: no input can overflow the call stack.
 */
export function inspectInput(value: unknown, dto: DtoClass | undefined, source: InputSource): HygieneResult {
  const problems: string[] = [];
  const paths: string[] = [];
  const freeForm: FreeFormValue[] = [];
  const report = (path: string, message: string) => {
    problems.push(`${path} ${message}`);
    paths.push(path);
  };
  let tooDeep = false;

  const result: { value?: unknown; skeleton?: unknown } = {};
  const stack: (Visit | (() => void))[] = [
    {
      input: value,
      path: '',
      keys: [],
      shape: dto ? dtoShape(dto) : undefined,
      property: undefined,
      depth: 0,
      freeForm: dto === undefined,
      setOut: (v) => (result.value = v),
      setSkeleton: (v) => (result.skeleton = v),
    },
  ];

  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next === 'function') {
      next();
      continue;
    }
    const { input, path, keys, shape, property, depth, setOut } = next;
    let { freeForm: inFreeForm, setSkeleton } = next;

    if (typeof input === 'string') {
      if (input.includes('\u0000')) report(path, 'must not contain the NUL character (U+0000)');
      else if (LONE_SURROGATE.test(input)) report(path, LONE_SURROGATE_MESSAGE);
      // Only strings of declared properties are trimmed: free-form values (a JSON document, an
      // integration's configuration) are data, kept exactly as sent.
      const normalized = property && !property.verbatim ? input.trim() : input;
      setOut(normalized);
      setSkeleton?.(normalized);
      continue;
    }
    if (input === null || typeof input !== 'object') {
      setOut(input);
      setSkeleton?.(input);
      continue;
    }

    const isArray = Array.isArray(input);
    if (depth + 1 > JSON_MAX_DEPTH) {
      if (!tooDeep) {
        tooDeep = true;
        // Named by its field at the top: the full path would be hundreds of levels long.
        const field = keys.length > 0 ? String(keys[0]) : '';
        problems.push(`${field || 'The request body'} nests arrays and objects deeper than ${JSON_MAX_DEPTH} levels`);
        paths.push(field);
      }
      setOut(undefined);
      setSkeleton?.(isArray ? [] : {});
      continue;
    }

    if (!inFreeForm && property) {
      if (isArray && source === 'query' && !property.isArray) {
        report(path, 'is given more than once: give this query parameter once');
        setOut(input);
        setSkeleton?.(input);
        continue;
      }
      if (isArray && !property.isArray && property.container === 'object') {
        report(path, 'must be an object, not an array');
        setOut(input);
        setSkeleton?.({});
        continue;
      }
      if (!isArray && property.isArray) {
        report(path, 'must be an array');
        setOut(input);
        setSkeleton?.([]);
        continue;
      }
    }

    // Entering a value no DTO describes: it is copied as sent, and class-transformer gets a stand-in.
    const declared = isArray ? property?.nested !== undefined || !(input as unknown[]).some(isContainer) : shape !== undefined;
    if (!inFreeForm && !declared) {
      const standIn = isArray ? [] : {};
      setSkeleton?.(standIn);
      setSkeleton = undefined;
      inFreeForm = true;
      const slot: FreeFormValue = { path: keys, value: undefined };
      freeForm.push(slot);
      const assign = setOut;
      next.setOut = (v) => {
        slot.value = v;
        assign(v);
      };
    }

    if (isArray) {
      const out: unknown[] = [];
      const skeleton: unknown[] | undefined = inFreeForm ? undefined : [];
      next.setOut(out);
      setSkeleton?.(skeleton);
      const items = input as unknown[];
      const itemShape = !inFreeForm && property?.nested ? dtoShape(property.nested) : undefined;
      const itemProperty = property && { ...property, isArray: false };
      // Pushed last first, so that they are visited (and reported) in order.
      for (let index = items.length - 1; index >= 0; index--) {
        stack.push({
          input: items[index],
          path: `${path}[${index}]`,
          keys: [...keys, index],
          shape: itemShape,
          property: itemProperty,
          depth: depth + 1,
          freeForm: inFreeForm,
          setOut: (v) => (out[index] = v),
          setSkeleton: skeleton && ((v) => (skeleton[index] = v)),
        });
      }
      continue;
    }

    const out: Record<string, unknown> = {};
    const skeleton: Record<string, unknown> | undefined = inFreeForm ? undefined : {};
    next.setOut(out);
    setSkeleton?.(skeleton);
    const record = input as Record<string, unknown>;
    // Visited in order, reports included, so that messages come in the order of the fields.
    const children: (Visit | (() => void))[] = [];
    for (const key of Object.keys(record)) {
      const item = record[key];
      const itemPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) {
        children.push(() => report(itemPath, 'is not a valid field name: it contains the NUL character (U+0000)'));
        continue;
      }
      if (LONE_SURROGATE.test(key)) {
        children.push(() => report(itemPath, `is not a valid field name: it ${LONE_SURROGATE_MESSAGE.replace('must be valid Unicode text: it ', '')}`));
        continue;
      }
      const itemProperty = inFreeForm ? undefined : shape?.get(key);
      if (!inFreeForm && shape && !itemProperty && isPrototypeMemberName(key)) {
        // What class-validator says of any other unknown field; class-transformer would drop this one silently.
        children.push(() => {
          problems.push(path ? `${itemPath}: property ${key} should not exist` : `property ${key} should not exist`);
          paths.push(itemPath);
        });
        continue;
      }
      if (item === null && itemProperty && !itemProperty.nullable) {
        children.push(() => report(itemPath, 'must not be null (omit it instead)'));
        continue;
      }
      children.push({
        input: item,
        path: itemPath,
        keys: [...keys, key],
        shape: itemProperty?.nested && !inFreeForm ? dtoShape(itemProperty.nested) : undefined,
        property: itemProperty,
        depth: depth + 1,
        freeForm: inFreeForm,
        // Defined, not assigned: a "__proto__" key stays an own property (as JSON.parse made
        // it) instead of becoming the copy's prototype.
        setOut: (v) => defineOwn(out, key, v),
        setSkeleton: skeleton && ((v) => defineOwn(skeleton, key, v)),
      });
    }
    if (!inFreeForm && shape) {
      // After the fields: "is required" comes after what is wrong inside them, as it always has.
      stack.push(() => {
        for (const [key, itemProperty] of shape) {
          if (itemProperty.required && (!Object.hasOwn(record, key) || record[key] === undefined)) report(path ? `${path}.${key}` : key, 'is required');
        }
      });
    }
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }

  return { value: result.value, skeleton: result.skeleton, freeForm, problems, paths };
}

/**
 * Half of a UTF-16 surrogate pair without its other half: JSON can carry it (`"\\ud800"`), but it
 * is no character, UTF-8 cannot encode it, and PostgreSQL refuses it in jsonb.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_MESSAGE = 'must be valid Unicode text: it holds a lone surrogate (U+D800 to U+DFFF)';

function isContainer(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

/** A path parameter: only the NUL rule applies (ids are not trimmed). A wildcard parameter is an array of segments. */
export function pathParameterProblem(name: string, value: unknown): string | undefined {
  const segments = Array.isArray(value) ? value : [value];
  return segments.some((segment) => typeof segment === 'string' && segment.includes('\u0000')) ? `${name} must not contain the NUL character (U+0000)` : undefined;
}
