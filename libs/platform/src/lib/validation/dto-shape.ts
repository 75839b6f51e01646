// class-transformer's metadata (its @Type declarations): not in its public entry point.
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

/** Where @nestjs/swagger keeps @ApiProperty declarations (its DECORATORS constants, not exported). */
const DECORATORS = {
  API_MODEL_PROPERTIES: 'swagger/apiModelProperties',
  API_MODEL_PROPERTIES_ARRAY: 'swagger/apiModelPropertiesArray',
};

/** What the input rules need to know of one DTO property, read from its @ApiProperty. */
export interface PropertyShape {
  required: boolean;
  nullable: boolean;
  isArray: boolean;
  /** The DTO class of a nested object (or of each element of an array), when it is one. */
  nested?: DtoClass;
  /** Marked @Verbatim(): its text is kept as sent (not trimmed). */
  verbatim: boolean;
  /** `object`: declared a (nested or free-form) object, so an array there is refused. */
  container?: 'object';
}

 
export type DtoClass = abstract new (...args: any[]) => unknown;

const VERBATIM = Symbol('verbatim');

/**
 * Strings of request bodies and queries are trimmed before they are validated; this keeps a
 * property's text exactly as sent (text where leading or trailing whitespace means something).
 */
export function Verbatim(): PropertyDecorator {
  return (target, propertyKey) => Reflect.defineMetadata(VERBATIM, true, target, propertyKey);
}

const cache = new WeakMap<object, Map<string, PropertyShape>>();

/**
 * The properties of a DTO class as its OpenAPI decorators declare them: the document and the
 * input rules read the same declaration, so what `/openapi.json` says about `required` and
 * `nullable` is what the API enforces. Classes without @ApiProperty metadata have no shape.
 * Reads declarations only (never the input), once per class.
 */
export function dtoShape(dto: DtoClass): Map<string, PropertyShape> {
  const known = cache.get(dto);
  if (known) return known;
  const shape = new Map<string, PropertyShape>();
  cache.set(dto, shape); // before recursing: self-referencing DTOs terminate
  const prototype = dto.prototype as object;
  const keys: string[] = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, prototype) ?? [];
  for (const key of keys.map((k) => k.replace(/^:/, ''))) {
    const meta = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, prototype, key) ?? {}) as {
      required?: boolean;
      nullable?: boolean;
      isArray?: boolean;
      type?: unknown;
    };
    const nested = nestedClass(meta.type);
    shape.set(key, {
      required: meta.required !== false,
      nullable: meta.nullable === true,
      isArray: meta.isArray === true || meta.type === 'array' || Array.isArray(meta.type),
      nested,
      verbatim: Reflect.getMetadata(VERBATIM, prototype, key) === true,
      // `type: 'object'` said on purpose; reflection says Object for any union type, so that one proves nothing.
      container: nested || meta.type === 'object' ? 'object' : undefined,
    });
  }
  // A nested class that only class-transformer knows (@Type without @ApiProperty) is still a
  // nested object: its value goes through class-transformer, not around it.
  for (const [key, nested] of transformerTypes(dto)) {
    const known = shape.get(key);
    if (known) known.nested ??= nested;
    else shape.set(key, { required: false, nullable: true, isArray: false, nested, verbatim: false, container: undefined });
  }
  return shape;
}

interface TypeMetadata {
  typeFunction: () => unknown;
}

/** The properties of a class (and its ancestors) that class-transformer's @Type turns into instances. */
function transformerTypes(dto: DtoClass): Map<string, DtoClass> {
  const storage = defaultMetadataStorage as unknown as { _typeMetadatas: Map<unknown, Map<string, TypeMetadata>> };
  const found = new Map<string, DtoClass>();
  for (let target: unknown = dto; typeof target === 'function' && target !== Function.prototype; target = Object.getPrototypeOf(target)) {
    for (const [key, meta] of storage._typeMetadatas.get(target) ?? []) {
      if (found.has(key)) continue;
      const type = meta.typeFunction();
      if (typeof type === 'function' && type !== Object && type !== Array && type !== String && type !== Number && type !== Boolean && type !== Date) {
        found.set(key, type as DtoClass);
      }
    }
  }
  return found;
}

function nestedClass(type: unknown): DtoClass | undefined {
  let candidate = Array.isArray(type) ? type[0] : type;
  // `type: () => Dto` (lazy, for cycles): an arrow function has no prototype.
  if (typeof candidate === 'function' && !candidate.prototype) candidate = (candidate as () => unknown)();
  if (typeof candidate !== 'function') return undefined;
  const keys = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, (candidate as DtoClass).prototype as object);
  return keys ? (candidate as DtoClass) : undefined;
}
